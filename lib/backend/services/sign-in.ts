import type { VerificationScene } from "@/lib/contract/verification";
import { canonicalEmail } from "@/lib/contract/fields";
import { ServiceError } from "../errors";
import { backendMetrics } from "../metrics";
import { openSession } from "./session-open";
import { holdForSecondStep } from "./two-step-sign-in";
import type { SignInMethod } from "./failures";
import { assertMaySignIn, forgetPasswordFailures, guardSignIn, type SignInAttempt } from "./protection";
import type { ClientInfo } from "./sessions";
import type { UserRow } from "./users";

/**
 * Every sign-in with an email (password, emailed code, enterprise, device code) is this one
 * pipeline; a way in is a Factor (sign-in-factors.ts), so a new way in is one new factor:
 *
 *   1. who may try      the ban list, the address's failure cap, the email's password wait and,
 *                       after repeated failures, a human verification (protection.ts guardSignIn);
 *                       it reads the email's account in the same query
 *   2. the factor       proves the person behind the account, or throws the refusal it logged
 *                       and counted (refuseSignIn), in the same time whether the account exists
 *   3. what else        the account may sign in (restricted 20103, banned 20105); a successful
 *                       proof forgets the email's wrong passwords
 *   4. the second step  with two-step on, a factor that is not multi-factor opens no session:
 *                       20901 with a ticket that POST /v1/login/two-step finishes with an
 *                       authenticator or recovery code (two-step-sign-in.ts)
 *   5. the session      device security's hold (20109 and a mailed device code unless the
 *                       factor proved the mailbox or the device), the login log, the device remembered
 *
 * A social sign-in starts at step 3 (social-sign-in.ts): the provider proved the person and the
 * services' callback has its own guards; step 4 holds it like any other one-factor way in.
 */
export type FactorProof = { attempt: SignInAttempt; account: UserRow | null; verified: boolean };

export type Factor = {
  /** what the failure log and the throttles call this way in */
  method: SignInMethod;
  /** the human verification this way in asks for after repeated failures, with the caller's ticket */
  verification?: { scene: VerificationScene; ticket: string | undefined };
  /** the way in proved the mailbox already (an emailed code): device security does not hold it */
  provesMailbox?: boolean;
  /**
   * the way in proved the device itself (a passkey: a key that never leaves its authenticator):
   * device security does not hold it either (docs/security.md, "Passkeys")
   */
  provesDevice?: boolean;
  /**
   * the way in is two factors at once (a passkey: something the user has, unlocked by user
   * verification): a two-step sign-in asks it for no second step
   */
  multiFactor?: boolean;
  /** step 2: the account proved, or a thrown refusal */
  prove(proof: FactorProof): Promise<UserRow>;
};

export type SignedIn = { token: string; user: UserRow };

export async function signIn(email: string, factor: Factor, client: ClientInfo, remember: boolean): Promise<SignedIn> {
  try {
    const signedIn = await signInSteps(email, factor, client, remember);
    backendMetrics().signIns.inc({ way: factor.method, outcome: "ok" });
    return signedIn;
  } catch (error) {
    // refused: a code the caller is told (wrong password, throttled…); error: anything else
    backendMetrics().signIns.inc({ way: factor.method, outcome: error instanceof ServiceError ? "refused" : "error" });
    throw error;
  }
}

async function signInSteps(email: string, factor: Factor, client: ClientInfo, remember: boolean): Promise<SignedIn> {
  const attempt: SignInAttempt = { email: canonicalEmail(email), ip: client.ip, method: factor.method };
  const { user: account, verified } = await guardSignIn(attempt, factor.verification ? { verification: factor.verification } : {});
  const user = await factor.prove({ attempt, account, verified });
  await assertMaySignIn(user, attempt);
  await forgetPasswordFailures(attempt.email);
  if (!factor.multiFactor) await holdForSecondStep(user, client, remember, factor.method);
  const { token } = await openSession(user, client, remember, { deviceVerified: (factor.provesMailbox ?? false) || (factor.provesDevice ?? false) });
  return { token, user };
}
