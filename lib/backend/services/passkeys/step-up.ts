import { eq } from "drizzle-orm";
import { generateAuthenticationOptions } from "@simplewebauthn/server";
import type { AuthenticationOptions, AuthenticationResponse } from "@/lib/contract/passkeys";
import type { StepUpProof } from "@/lib/contract/step-up";
import { getConfig } from "../../config";
import { getDb } from "../../db/client";
import { passkeys } from "../../db/schema";
import { guardSignIn } from "../protection";
import { recordProof, type SignedIn } from "../step-up";
import { PASSKEY_CEREMONY_TIMEOUT_MS, storeChallenge } from "./challenges";
import { passkeyAssertion, spendAndFindPasskey } from "./sign-in";
import { assertWellFormedAssertion } from "./well-formed";

/**
 * A passkey as a step-up proof (docs/security.md, "Step-up"): the session's user answers a
 * challenge bound to this session with one of their own passkeys. The same checks as a passkey
 * sign-in (the factor of sign-in.ts), the same refusal (20701) counted like a wrong password;
 * then the proof is recorded on the session.
 */
export async function passkeyProofOptions({ user, session }: SignedIn): Promise<AuthenticationOptions> {
  const db = await getDb();
  const own = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateAuthenticationOptions({ rpID: getConfig().webauthn.rpId, allowCredentials: own, userVerification: "required", timeout: PASSKEY_CEREMONY_TIMEOUT_MS });
  const attempt = await storeChallenge("authenticate", options.challenge, session.id);
  return { attempt, options };
}

export async function provePasskey({ user, session }: SignedIn, input: { attempt: string; response: AuthenticationResponse }, ip: string | null): Promise<StepUpProof> {
  const { challenge, stored } = await spendAndFindPasskey(input.attempt, input.response.id, session.id);
  assertWellFormedAssertion(input.response);
  const attempt = { email: user.email, ip, method: "passkey" as const };
  await guardSignIn(attempt);
  await passkeyAssertion(stored, input.response, challenge).prove({ attempt, account: user, verified: false });
  return recordProof(session.id, "passkey");
}
