import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { OperatorSignInRequest, OperatorSignInResponse } from "@/lib/contract/console/session";
import { canonicalEmail } from "@/lib/contract/fields";
import { getDb } from "../../db/client";
import { operators } from "../../db/schema";
import { ErrorCode, ServiceError, throttled } from "../../errors";
import { log } from "../../log";
import { clientBucket } from "../../net/addresses";
import { rateLimit, type LimitPolicy } from "../../ratelimit";
import { LIMITS } from "../limits";
import { limitReached } from "../protection";
import { verifyAgainstDummy, verifyPassword } from "../passwords";
import { audit } from "./audit";
import { findOperatorByEmail, type OperatorRow } from "./operators";
import { openOperatorSession } from "./operator-sessions";
import { acceptedStep, openSecret } from "./totp";

/**
 * Operator sign-in: password AND authenticator code, one answer (20205) for every wrong part.
 * Failures are limited as the consumer sign-in limits them (services/limits.ts, the same rate
 * limits): per address, and per operator email from one address. Never per email alone, so
 * nobody can lock a real operator out from another address. Operator addresses are counted
 * as themselves, IP_LIMIT_EXEMPT or not: nobody needs to guess an operator's password quickly.
 * Every failure, the lockout it causes (with its source address) and every refusal while it
 * lasts are written to the audit log.
 */
export type SignInClient = { ip: string | null; userAgent: string | null };

const SIGN_IN = "operator.sign-in";
const LOCKOUT = "operator.lockout";

type LockScope = "address" | "email-address";

/** The limits a failure counts against, each with the key of this attempt. */
function failureLimits(email: string, ip: string | null): Array<{ scope: LockScope; policy: LimitPolicy; key: string }> {
  const address = clientBucket(ip);
  return [
    { scope: "address", policy: LIMITS.operatorFailuresPerIp, key: address },
    { scope: "email-address", policy: LIMITS.operatorFailuresPerEmailIp, key: `${email} ${address}` },
  ];
}

async function refuse(email: string, operator: OperatorRow | null, client: SignInClient, reason: string): Promise<never> {
  const who = { operatorId: operator?.id ?? null, actor: email, ip: client.ip };
  const target = operator ? { type: "operator", id: operator.id } : null;
  await audit(who, SIGN_IN, target, null, "failed", { why: reason });
  for (const { scope, policy, key } of failureLimits(email, client.ip)) {
    const usage = await (await rateLimit(policy)).hit(key);
    // this failure used the last point: the address (for this email, or for all) is locked out
    if (usage.used === policy.points) await audit(who, LOCKOUT, target, null, "refused", { scope, seconds: Math.ceil(usage.resetInMs / 1000) });
  }
  throw new ServiceError(ErrorCode.incorrectCredentials);
}

async function throttle(email: string, client: SignInClient): Promise<void> {
  for (const { scope, policy, key } of failureLimits(email, client.ip)) {
    const reached = await limitReached(policy, key);
    if (!reached) continue;
    await audit({ operatorId: null, actor: email, ip: client.ip }, SIGN_IN, null, null, "refused", { why: "locked", scope });
    throw throttled(reached.resetInMs);
  }
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

/**
 * The operator's authenticator secret, or a clear refusal (21103, never a 500) when it was sealed
 * under another server secret than this instance's (made by a command run without CODE_SECRET,
 * or CODE_SECRET changed since). Asked only after the right password, so it tells a stranger nothing.
 */
async function readableSecret(operator: OperatorRow, client: SignInClient): Promise<string> {
  try {
    return await openSecret(operator.totpSecret);
  } catch {
    log().error({ event: "operator secret unreadable", operatorId: operator.id }, "operator sign-in: the authenticator secret was sealed under another server secret; an admin re-issues it");
    await audit({ operatorId: operator.id, actor: operator.email, ip: client.ip }, SIGN_IN, { type: "operator", id: operator.id }, null, "failed", { why: "secret-unreadable" });
    throw new ServiceError(ErrorCode.operatorSecretUnreadable);
  }
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
  const step = acceptedStep(await readableSecret(operator, client), input.code, operator.totpLastStep);
  if (step === null || !(await takeStep(operator, step))) return refuse(email, operator, client, "code");
  // the operator's own failures from this address are forgiven; the address's count stays
  await (await rateLimit(LIMITS.operatorFailuresPerEmailIp)).reset(`${email} ${clientBucket(client.ip)}`);
  const token = await openOperatorSession(operator, client);
  await audit({ operatorId: operator.id, actor: operator.email, ip: client.ip }, SIGN_IN, { type: "operator", id: operator.id }, null, "ok");
  return { token, operator: { id: operator.id, email: operator.email, name: operator.name, role: operator.role } };
}
