import type { VerificationScene } from "@/lib/contract/verification";
import { canonicalEmail } from "@/lib/contract/fields";
import type { FactorKind } from "./factor-kinds";
import type { SignInMethod } from "./failures";
import { guardSignIn, type SignInAttempt } from "./protection";
import { finishSignIn, type SignedIn } from "./sign-in-finish";
import type { ClientInfo } from "./sessions";
import type { SignInRecord } from "./sign-in-record";
import type { UserRow } from "./users";

/**
 * Every sign-in with an email (password, emailed code, enterprise, device code, passkey) starts
 * here; a way in is a Factor (sign-in-factors.ts), so a new way in is one new factor:
 *
 *   1. who may try      the ban list, the address's failure cap, the email's password wait and,
 *                       after repeated failures, a human verification (protection.ts guardSignIn);
 *                       it reads the email's account in the same query
 *   2. the factor       proves the person behind the account, or throws the refusal it logged
 *                       and counted (refuseSignIn), in the same time whether the account exists
 *
 * Then finishSignIn (sign-in-finish.ts), the one end of every way in, social and the second step
 * included: the account's rules, the second step, the session, notices and metrics.
 */
export type FactorProof = { attempt: SignInAttempt; account: UserRow | null; verified: boolean };

export type Factor = {
  /** what the failure log, the throttles and the metrics call this way in */
  method: SignInMethod;
  /** the human verification this way in asks for after repeated failures, with the caller's ticket */
  verification?: { scene: VerificationScene; ticket: string | undefined };
  /** what a right answer proves (factor-kinds.ts): device security and two-step read them */
  proves: readonly FactorKind[];
  /** what the held sign-in this way in finishes proved before (a device challenge) */
  earlier?: readonly FactorKind[];
  /** the sign-in's record for the attempt (sign-in-record.ts) when this way in read it in a statement of its own */
  record?: SignInRecord;
  /** step 2: the account proved, or a thrown refusal */
  prove(proof: FactorProof): Promise<UserRow>;
};

export async function signIn(email: string, factor: Factor, client: ClientInfo, remember: boolean): Promise<SignedIn> {
  return finishSignIn(factor.method, client, async () => {
    const attempt: SignInAttempt = { email: canonicalEmail(email), ip: client.ip, method: factor.method };
    const { user: account, verified } = await guardSignIn(attempt, { verification: factor.verification, record: factor.record });
    const user = await factor.prove({ attempt, account, verified });
    return { user, proved: factor.proves, earlier: factor.earlier, remember };
  });
}
