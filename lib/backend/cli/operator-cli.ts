import { OPERATOR_ROLES, type OperatorRole } from "@/lib/contract/console/roles";
import { canonicalEmail, emailField } from "@/lib/contract/fields";
import type { CommandAudit } from "./cli-audit";
import { sharesInstancesSecret } from "../secrets";
import { createOperator, OperatorExistsError } from "../services/console/operators";
import { CliError } from "./commands";
import type { CliIo } from "./io";
import { parseCommand, requiredOption, UsageError } from "./usage";

/** The operator accounts' command (the first operator, and a way back in when none can sign in). */
export const OPERATOR_USAGE = `  operator:create --email EMAIL --role viewer|support|admin [--name NAME]
                      Create an operator of the console (docs/operators.md). Prints its
                      password and its authenticator-app secret (otpauth:// URI and text)
                      once; it signs in at /{lang}/console with both.`;

function role(value: string): OperatorRole {
  const found = OPERATOR_ROLES.find((name) => name === value);
  if (!found) throw new UsageError(`--role must be one of ${OPERATOR_ROLES.join(", ")}.`);
  return found;
}

export async function runOperatorCommand(command: string, args: string[], io: CliIo, entry: CommandAudit): Promise<boolean> {
  if (command !== "operator:create") return false;
  const { values } = parseCommand(args, { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } }, 0);
  const parsed = emailField.safeParse(requiredOption(values.email, "email"));
  if (!parsed.success) throw new CliError(`Not an email address: ${JSON.stringify(values.email)}`);
  const email = canonicalEmail(parsed.data);
  const name = typeof values.name === "string" && values.name.trim() ? values.name.trim().slice(0, 100) : email;
  if (!(await sharesInstancesSecret())) {
    throw new CliError(
      "This command's server secret is not the one the portal's instances use, so they could not read the new operator's authenticator. Run it with the instances' CODE_SECRET (and DATA_DIR, for the embedded database).",
    );
  }
  let created;
  try {
    created = await createOperator({ email, name, role: role(requiredOption(values.role, "role")) });
  } catch (error) {
    if (error instanceof OperatorExistsError) throw new CliError(`An operator ${email} exists already.`);
    throw error;
  }
  entry.target = { type: "operator", id: created.operator.id };
  Object.assign(entry.attempted, { email, role: created.operator.role });
  io.out(`Created operator ${email} (${created.operator.role}).`);
  io.out(`Password: ${created.password}`);
  io.out(`Authenticator app: scan or open ${created.totpUri}`);
  io.out(`  or type the secret ${created.totpSecret}`);
  io.out("Both are shown only this once.");
  return true;
}
