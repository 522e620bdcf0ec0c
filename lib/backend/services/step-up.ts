import { eq } from "drizzle-orm";
import { STEP_UP_SECONDS, type StepUpMethod, type StepUpProof, type StepUpStatus } from "@/lib/contract/step-up";
import { now } from "../clock";
import { getDb } from "../db/client";
import { sessions } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { consumeVerificationCode } from "./codes";
import { hasPasskey } from "./passkeys/owned";
import { verifyPassword } from "./passwords";
import { forgetPasswordFailures, guardSignIn, refuseSignIn, takeCodeCheck } from "./protection";
import type { SessionRow } from "./sessions";
import { isTwoStepOn } from "./two-step-factor";
import type { UserRow } from "./users";

/**
 * Step-up: a change that lowers an account's security (docs/security.md, "Step-up") needs a
 * proof made in the same session within STEP_UP_SECONDS. The proof is kept on the session's own
 * row (sessions.proof_at, proof_method), so it never carries over to another browser signed in
 * to the account, and ends with the session. Signing in with one factor is not a proof: a
 * session left open is exactly what step-up protects against. A sign-in with two factors (a
 * password and an authenticator code, a passkey) is one, made when the session opened
 * (sign-in-finish.ts): it is as strong and as fresh as every other proof, and lasts STEP_UP_SECONDS.
 */
export type SignedIn = { user: UserRow; session: SessionRow };

/**
 * The one way to record a proof, for every factor: the password and emailed code here, and a
 * passkey or authenticator code from their own services once they have checked it.
 */
export async function recordProof(sessionId: string, method: StepUpMethod, at: Date = now()): Promise<StepUpProof> {
  const db = await getDb();
  await db.update(sessions).set({ proofAt: at, proofMethod: method }).where(eq(sessions.id, sessionId));
  return { method, expiresIn: STEP_UP_SECONDS };
}

/** Seconds the session's proof stays good at `at`; 0 when it has none or it is too old. */
export function proofSecondsLeft(session: SessionRow, at: Date = now()): number {
  if (!session.proofAt) return 0;
  const left = session.proofAt.getTime() + STEP_UP_SECONDS * 1000 - at.getTime();
  // a proof dated in the future (a clock moved back) is not trusted
  if (left <= 0 || left > STEP_UP_SECONDS * 1000) return 0;
  return Math.ceil(left / 1000);
}

/** The guard of every security-lowering change: no proof in this session within 5 minutes → 20113. */
export function assertRecentProof(session: SessionRow, at: Date = now()): void {
  if (proofSecondsLeft(session, at) === 0) throw new ServiceError(ErrorCode.stepUpRequired);
}

/**
 * The ways this account can prove itself, best first. An emailed code only stands in for a
 * password the account does not have. Passkeys and authenticator apps add theirs here.
 */
export async function proofMethods(user: UserRow): Promise<StepUpMethod[]> {
  const methods: StepUpMethod[] = user.passwordSet ? ["password"] : ["email_code"];
  if (await hasPasskey(user.id)) methods.push("passkey");
  if (await isTwoStepOn(user.id)) methods.push("totp");
  return methods;
}

/** GET /v1/user/step-up */
export async function stepUpStatus(current: SignedIn): Promise<StepUpStatus> {
  const expiresIn = proofSecondsLeft(current.session);
  return { proven: expiresIn > 0, expiresIn, methods: await proofMethods(current.user) };
}

/**
 * POST /v1/user/step-up. The password: a wrong one → 20206 and counts like a wrong sign-in
 * password (the failure log, the address's failure count, the email's growing wait: 429); a
 * banned address → 20104. An emailed code of purpose "step_up", only for an account without a
 * password (else 20102): wrong, used or expired → 20204, counted against the address's code
 * checks. Neither given → 10001 naming `password`.
 */
export async function proveStepUp(current: SignedIn, input: { password?: string; captcha?: string; nonce?: string }, ip: string | null): Promise<StepUpProof> {
  const { user, session } = current;
  if (input.password !== undefined) {
    const attempt = { email: user.email, ip, method: "password" as const };
    await guardSignIn(attempt);
    if (!user.passwordSet || !(await verifyPassword(user.passwordHash, input.password))) {
      throw await refuseSignIn(attempt, ErrorCode.incorrectCredentials, ErrorCode.incorrectPassword);
    }
    await forgetPasswordFailures(user.email);
    return recordProof(session.id, "password");
  }
  if (input.captcha !== undefined && input.nonce !== undefined) {
    if (user.passwordSet) throw new ServiceError(ErrorCode.insufficientAuthority);
    await takeCodeCheck(ip);
    await consumeVerificationCode({ email: user.email, purpose: "step_up", nonce: input.nonce, code: input.captcha });
    return recordProof(session.id, "email_code");
  }
  throw new ServiceError(ErrorCode.invalidParams, { fields: ["password"] });
}
