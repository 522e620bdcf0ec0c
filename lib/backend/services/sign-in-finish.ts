import { now } from "../clock";
import { ErrorCode, ServiceError } from "../errors";
import { backendMetrics } from "../metrics";
import { provesDevice, satisfiesSecondStep, stepUpProofOf, type FactorKind } from "./factor-kinds";
import type { SignInMethod } from "./failures";
import { assertMaySignIn, forgetPasswordFailures } from "./protection";
import { sendSecurityNotice } from "./security-notices";
import { openSession } from "./session-open";
import type { ClientInfo, SessionRow } from "./sessions";
import { connectHeldLink } from "./social-links";
import { forgetWrongSecondFactors } from "./two-step-factor";
import { holdForSecondStep, type SocialHold } from "./two-step-hold";
import { bySelf, recordAccountEvent } from "./account-events";
import type { UserRow } from "./users";

/**
 * The one end of every sign-in: password, emailed code, enterprise, device code, passkey,
 * social, and a held sign-in's second step. A way in runs its own checks (`prove`: it throws the
 * refusal it logged) and says what they proved; everything after is here, once:
 *
 *   1. the account    may sign in (restricted 20103, banned 20105); the proof forgets the wrong
 *                     passwords of the email, a second factor the account's wrong codes
 *   2. second step    with two-step on, factors without a second factor (or a passkey, two at
 *                     once) open no session: 20901 and a ticket that keeps what was proved
 *                     (two-step-hold.ts); POST /v1/login/two-step comes back here with it
 *   3. what it adds   a social connection held for the second step is made now
 *   4. the session    device security's hold on a password alone (20109, session-open.ts); the
 *                     row (the login log) keeps the factors, and a multi-factor sign-in counts
 *                     as a fresh step-up proof (step-up.ts)
 *   5. notices        a recovery code used mails a security notice
 *   6. metrics        passport_sign_ins_total by way in: ok, held (20901, 20109: a further step
 *                     was asked), refused (any answer the caller is told), error
 *
 * A new way in is one `prove`, never a copy of this tail.
 */
export type ProvenSignIn = {
  user: UserRow;
  /** what this step proved */
  proved: readonly FactorKind[];
  /** what a held first step proved before (a two-step ticket, a device challenge) */
  earlier?: readonly FactorKind[];
  remember: boolean;
  /** a social sign-in: the provider, a connection to make with the session, the browser's device */
  social?: SocialHold;
};

export type SignedIn = { token: string; user: UserRow; session: SessionRow; factors: FactorKind[] };

export type SignInOutcome = "ok" | "held" | "refused" | "error";

const HELD: ReadonlySet<number> = new Set([ErrorCode.twoStepRequired, ErrorCode.deviceVerificationRequired]);

function outcomeOf(error: unknown): SignInOutcome {
  if (!(error instanceof ServiceError)) return "error";
  return HELD.has(error.code) ? "held" : "refused";
}

export async function finishSignIn(way: SignInMethod, client: ClientInfo, prove: () => Promise<ProvenSignIn>): Promise<SignedIn> {
  try {
    const signedIn = await finish(way, await prove(), client);
    backendMetrics().signIns.inc({ way, outcome: "ok" });
    return signedIn;
  } catch (error) {
    backendMetrics().signIns.inc({ way, outcome: outcomeOf(error) });
    throw error;
  }
}

async function finish(way: SignInMethod, proven: ProvenSignIn, client: ClientInfo): Promise<SignedIn> {
  const { user, proved, remember, social } = proven;
  const factors = [...(proven.earlier ?? []), ...proved];

  await assertMaySignIn(user, { email: user.email, ip: client.ip, method: way });
  if (proved.some((kind) => kind !== "social" && kind !== "totp" && kind !== "recovery_code")) await forgetPasswordFailures(user.email);
  if (proved.includes("totp") || proved.includes("recovery_code")) await forgetWrongSecondFactors(user.id);

  if (!satisfiesSecondStep(factors)) await holdForSecondStep(user, client, { method: way, remember, factors, social });

  if (social?.linkId) await connectHeldLink(social.linkId, user);

  const proofMethod = stepUpProofOf(factors);
  const { token, session } = await openSession(user, client, remember, {
    deviceVerified: provesDevice(factors),
    socialChannel: social?.channel ?? null,
    factors,
    proof: proofMethod ? { at: now(), method: proofMethod } : null,
  });

  if (proved.includes("recovery_code")) {
    await recordAccountEvent(user.id, "recovery_codes_used", bySelf(client));
    sendSecurityNotice(user, "recovery_codes_used", client);
  }
  return { token, user, session, factors };
}
