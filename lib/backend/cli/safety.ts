import { emailField } from "@/lib/contract/fields";
import { ServiceError } from "../errors";
import { setDeviceOwnership, userByEmailOrId } from "../services/safety";
import { CliError } from "./commands";

/** Say which devices an account has (the training and the side-menu entry follow it). */
export async function setSafetyDevices(emailInput: string, input: { laser?: boolean; printer?: boolean }): Promise<{ email: string; isHave: boolean; printIsHave: boolean }> {
  const email = emailField.safeParse(emailInput);
  if (!email.success) throw new CliError(`Not an email address: ${JSON.stringify(emailInput)}`);
  let uid: string;
  try {
    uid = (await userByEmailOrId({ email: email.data })).id;
  } catch (error) {
    if (error instanceof ServiceError) throw new CliError(`No account for ${email.data}.`);
    throw error;
  }
  return { email: email.data.toLowerCase(), ...(await setDeviceOwnership(uid, input)) };
}
