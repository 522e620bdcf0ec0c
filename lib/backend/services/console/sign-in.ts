import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { OperatorSignInRequest, OperatorSignInResponse } from "@/lib/contract/admin/session";
import { canonicalEmail } from "@/lib/contract/fields";
import { getDb } from "../../db/client";
import { operators } from "../../db/schema";
import { ErrorCode, ServiceError, throttled } from "../../errors";
import { clientBucket } from "../../net/addresses";
import { isOver, rateLimit, type LimitPolicy } from "../../ratelimit";
import { verifyAgainstDummy, verifyPassword } from "../passwords";
import { audit } from "./audit";
import { findOperatorByEmail, type OperatorRow } from "./operators";
import { openOperatorSession } from "./operator-sessions";
import { acceptedStep, openSecret } from "./totp";

/**
 * Operator sign-in: password AND authenticator code, one answer (20205) for every wrong part.
 * Failures are limited per email and per address (no IP_LIMIT_EXEMPT here: nobody needs to
 * guess an operator's password quickly), and each one is written to the audit log.
 */
export const OPERATOR_LIMITS = {
  failuresPerEmail: { name: "operator-failures-email", points: 5, durationSeconds: 900 },
  failuresPerIp: { name: "operator-failures-ip", points: 20, durationSeconds: 3_600 },
} as const satisfies Record<string, LimitPolicy>;

export type SignInClient = { ip: string | null; userAgent: string | null };

const SIGN_IN = "operator.sign-in";

async function refuse(email: string, operator: OperatorRow | null, client: SignInClient, reason: string): Promise<never> {
  const [perEmail, perIp] = await Promise.all([rateLimit(OPERATOR_LIMITS.failuresPerEmail), rateLimit(OPERATOR_LIMITS.failuresPerIp)]);
  await Promise.all([perEmail.hit(email), perIp.hit(clientBucket(client.ip))]);
  await audit({ operatorId: operator?.id ?? null, actor: email, ip: client.ip }, SIGN_IN, operator ? { type: "operator", id: operator.id } : null, null, "failed", { why: reason });
  throw new ServiceError(ErrorCode.incorrectCredentials);
}

async function throttle(email: string, client: SignInClient): Promise<void> {
  const [perEmail, perIp] = await Promise.all([rateLimit(OPERATOR_LIMITS.failuresPerEmail), rateLimit(OPERATOR_LIMITS.failuresPerIp)]);
  const [byEmail, byIp] = await Promise.all([perEmail.peek(email), perIp.peek(clientBucket(client.ip))]);
  const over = [isOver(byEmail, perEmail.policy) ? byEmail : null, isOver(byIp, perIp.policy) ? byIp : null].filter((usage) => usage !== null);
  if (over.length === 0) return;
  await audit({ operatorId: null, actor: email, ip: client.ip }, SIGN_IN, null, null, "refused", { why: "throttled" });
  throw throttled(Math.max(...over.map((usage) => usage.resetInMs)));
}

/** Take the code's time step, once: a second sign-in with the same code finds the step used. */
async function takeStep(operator: OperatorRow, step: number): Promise<boolean> {
  const db = await getDb();
  const taken = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operator.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return taken.length === 1;
}

export async function signInOperator(input: OperatorSignInRequest, client: SignInClient): Promise<OperatorSignInResponse> {
  const email = canonicalEmail(input.email);
  await throttle(email, client);
  const operator = await findOperatorByEmail(email);
  if (!operator) {
    await verifyAgainstDummy(input.password);
    return refuse(email, null, client, "credentials");
  }
  if (!(await verifyPassword(operator.passwordHash, input.password))) return refuse(email, operator, client, "credentials");
  if (operator.status !== "active") return refuse(email, operator, client, "disabled");
  const step = acceptedStep(await openSecret(operator.totpSecret), input.code, operator.totpLastStep);
  if (step === null || !(await takeStep(operator, step))) return refuse(email, operator, client, "code");
  await (await rateLimit(OPERATOR_LIMITS.failuresPerEmail)).reset(email);
  const token = await openOperatorSession(operator, client);
  await audit({ operatorId: operator.id, actor: operator.email, ip: client.ip }, SIGN_IN, { type: "operator", id: operator.id }, null, "ok");
  return { token, operator: { id: operator.id, email: operator.email, name: operator.name, role: operator.role } };
}
