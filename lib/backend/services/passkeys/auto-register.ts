import { eq } from "drizzle-orm";
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import { isoUint8Array } from "@simplewebauthn/server/helpers";
import { PASSKEY_NAME_MAX, type AutoRegistrationOptions, type PasskeyItem, type PasskeyUpgradeSetting, type RegistrationResponse } from "@/lib/contract/passkeys";
import { describeUserAgent } from "../../agent/user-agent";
import { now } from "../../clock";
import { getConfig } from "../../config";
import { getDb } from "../../db/client";
import { passkeys, users } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import type { ClientInfo, SessionRow } from "../sessions";
import { recordOwnSecurityChange } from "../security-notices";
import { proofSecondsLeft } from "../step-up";
import type { UserRow } from "../users";
import { ALGORITHMS, assertRoomForOneMore, savePasskey } from "./manage";
import { PASSKEY_CEREMONY_TIMEOUT_MS, spendChallenge, storeChallenge } from "./challenges";
import { assertWellFormedRegistration } from "./well-formed";

/**
 * The automatic passkey upgrade (docs/security.md, "Passkeys"): right after a password sign-in, a
 * browser with conditional create asks its password manager for a passkey without a prompt. Such
 * an answer carries no user presence (UP=false), which a normal registration refuses; it is taken
 * only in this ceremony, whose challenge has its own purpose (auto_register), so a normal
 * registration can never be answered this way.
 *
 * Adding a passkey needs a recent proof (step-up). Here the proof is the password the session was
 * opened with moments ago: a session whose sign-in included the password and is at most
 * FRESH_SIGN_IN_SECONDS old, or a session with a proof still good. An older session, or one
 * opened by a passkey, code or social sign-in, is refused with 20113 like a normal registration.
 */
export const FRESH_SIGN_IN_SECONDS = 120;

/** The name when the user agent says nothing usable (the services' own texts live in the backend). */
const FALLBACK_NAME = { en: "Passkey", zh: "通行密钥" } as const;

function assertFreshPasswordSignIn(session: SessionRow, at: Date = now()): void {
  if (proofSecondsLeft(session, at) > 0) return;
  const age = at.getTime() - session.createdAt.getTime();
  const byPassword = (session.signInFactors ?? []).includes("password");
  if (!byPassword || age < 0 || age > FRESH_SIGN_IN_SECONDS * 1000) throw new ServiceError(ErrorCode.stepUpRequired);
}

export async function autoRegistrationOptions(user: UserRow, session: SessionRow): Promise<AutoRegistrationOptions> {
  if (!user.passkeyUpgrade) return { enabled: false };
  assertFreshPasswordSignIn(session);
  await assertRoomForOneMore(user.id);
  const db = await getDb();
  const existing = await db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const { rpId, rpName } = getConfig().webauthn;
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rpId,
    userName: user.email,
    userID: isoUint8Array.fromUTF8String(user.id),
    userDisplayName: user.nickname ?? user.email,
    timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    // nobody is asked: the password manager may not verify the user now (the password just did)
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  const attempt = await storeChallenge("auto_register", options.challenge, session.id);
  return { enabled: true, attempt, options };
}

/** The browser's answer: as a normal registration (20702, 20704, 20701, 20706, 20703), but UP may be false. */
export async function autoRegisterPasskey(user: UserRow, session: SessionRow, client: ClientInfo, input: { attempt: string; response: RegistrationResponse }): Promise<PasskeyItem> {
  const challenge = await spendChallenge("auto_register", input.attempt, session.id);
  if (!user.passkeyUpgrade) throw new ServiceError(ErrorCode.passkeyRefused);
  assertWellFormedRegistration(input.response);
  const { rpId, origins } = getConfig().webauthn;
  const verified = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: [...origins],
    expectedRPID: rpId,
    requireUserPresence: false,
    requireUserVerification: false,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null);
  if (!verified?.verified) throw new ServiceError(ErrorCode.passkeyRefused);
  const name = (describeUserAgent(client.userAgent) ?? FALLBACK_NAME[client.lang]).slice(0, PASSKEY_NAME_MAX);
  const added = await savePasskey(user, verified.registrationInfo, name);
  // the same event and notice as a passkey added on the security page
  await recordOwnSecurityChange(user, "passkey_added", client);
  return added;
}

export function passkeyUpgradeSetting(user: UserRow): PasskeyUpgradeSetting {
  return { enabled: user.passkeyUpgrade };
}

export async function setPasskeyUpgrade(user: UserRow, enabled: boolean): Promise<PasskeyUpgradeSetting> {
  const db = await getDb();
  await db.update(users).set({ passkeyUpgrade: enabled, updatedAt: now() }).where(eq(users.id, user.id));
  return { enabled };
}
