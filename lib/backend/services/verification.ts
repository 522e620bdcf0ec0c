import type { Challenge } from "altcha-lib";
import type { VerificationProvider, VerificationScene } from "@/lib/contract/verification";
import { canonicalEmail } from "@/lib/contract/fields";
import { captchaProvider, createAltchaChallenge } from "../captcha";
import { ErrorCode, ServiceError } from "../errors";
import { takeChallenge, takeTicketExchange } from "./protection";
import { issueTicket } from "./tickets";

/**
 * Human verification as the API offers it: an ALTCHA challenge to solve, and the exchange of
 * a passed verification for a ticket. A provider other than the configured one, or a proof
 * it does not accept, is 20107. Both are counted per IP (429 over the limit).
 */
export async function altchaChallenge(input: { scene: VerificationScene; email: string }, ip: string | null): Promise<Challenge> {
  if (!captchaProvider("altcha")) throw new ServiceError(ErrorCode.verificationFailed);
  await takeChallenge(ip);
  return createAltchaChallenge(input.scene, canonicalEmail(input.email));
}

export async function exchangeForTicket(
  provider: VerificationProvider,
  input: { scene: VerificationScene; email: string; proof: string; ip: string | null },
): Promise<{ ticket: string; expiresIn: number }> {
  const verifier = captchaProvider(provider);
  await takeTicketExchange(input.ip);
  const email = canonicalEmail(input.email);
  if (!verifier || !(await verifier.verify({ ...input, email }))) throw new ServiceError(ErrorCode.verificationFailed);
  return issueTicket({ scene: input.scene, email, provider });
}
