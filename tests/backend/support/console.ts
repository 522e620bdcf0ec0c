import { TOTP, URI } from "otpauth";
import type { OperatorRole } from "@/lib/contract/console/roles";
import { createOperator, findOperatorByEmail } from "@/lib/backend/services/console/operators";
import { openOperatorSession } from "@/lib/backend/services/console/operator-sessions";
import { call, type Reply } from "./harness";

/** Operators for the console's tests: made as the CLI makes them, signed in with a real TOTP code. */
export type TestOperator = { email: string; password: string; uri: string; role: OperatorRole };

let count = 0;

export async function newOperator(role: OperatorRole, email = `op${++count}-${role}@console.test`): Promise<TestOperator> {
  const created = await createOperator({ email, name: `Operator ${count}`, role });
  return { email, password: created.password, uri: created.totpUri, role };
}

/** The authenticator app's current code, as the operator's phone would show it. */
export function totpCode(operator: TestOperator, at = Date.now()): string {
  const otp = URI.parse(operator.uri);
  if (!(otp instanceof TOTP)) throw new Error("not a TOTP URI");
  return otp.generate({ timestamp: at });
}

export function operatorHeaders(token: string): Record<string, string> {
  return { "x-operator-token": token };
}

export function signIn(operator: TestOperator, options: { code?: string; password?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return call("POST", "/v1/console/session", {
    body: { email: operator.email, password: options.password ?? operator.password, code: options.code ?? totpCode(operator) },
    headers: options.headers,
  });
}

/** A session straight from the service (no code used up), for tests about what a session may do. */
export async function sessionOf(operator: TestOperator): Promise<string> {
  const row = await findOperatorByEmail(operator.email);
  if (!row) throw new Error("no such operator");
  return openOperatorSession(row, { ip: "127.0.0.1", userAgent: "test" });
}

/**
 * The operations screens' routes (enterprises, codes, messages, announcements, bans, analytics, apps):
 * their authorization matrix is walked by console-ops-routes.test.ts, the rest of the registry's
 * by console-authorization.test.ts; together they cover every console route.
 */
export const OPS_PREFIXES = ["/v1/console/enterprises", "/v1/console/codes", "/v1/console/messages", "/v1/console/announcements", "/v1/console/bans", "/v1/console/analytics", "/v1/console/clients"] as const;
export const isScreenRoute = (route: { path: string }) => OPS_PREFIXES.some((prefix) => route.path.startsWith(prefix));
