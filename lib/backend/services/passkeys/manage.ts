import { and, count, desc, eq } from "drizzle-orm";
import { generateRegistrationOptions, verifyRegistrationResponse, type VerifiedRegistrationResponse } from "@simplewebauthn/server";
import { isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { PASSKEYS_PER_USER_MAX, type PasskeyItem, type PasskeyList, type PasskeySignals, type RegistrationOptions, type RegistrationResponse } from "@/lib/contract/passkeys";
import { now } from "../../clock";
import { getConfig } from "../../config";
import { getDb } from "../../db/client";
import { passkeys } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import { bySelf, recordAccountEvent } from "../account-events";
import { recordOwnSecurityChange } from "../security-notices";
import type { ClientInfo, SessionRow } from "../sessions";
import { assertRecentProof } from "../step-up";
import type { UserRow } from "../users";
import { removeWayIn } from "../ways-in";
import { PASSKEY_CEREMONY_TIMEOUT_MS, spendChallenge, storeChallenge } from "./challenges";
import { assertWellFormedRegistration } from "./well-formed";

/**
 * A signed-in user's passkeys: registration (options, then the browser's answer, bound to the
 * session that asked), the list, renaming and removal. Registration asks the authenticator for a
 * discoverable credential with user verification, so the passkey alone signs in (passkey
 * sign-in needs no email and no second step); attestation is not asked for ("none").
 */
type PasskeyRow = typeof passkeys.$inferSelect;

/** COSE algorithms offered: EdDSA, ES256, RS256 (what authenticators have) */
export const ALGORITHMS = [-8, -7, -257];

/** The user handle authenticators keep: the account id (no email or name in it). */
export function userHandleOf(userId: string): string {
  return isoBase64URL.fromUTF8String(userId);
}

/** What the browser is told after a sign-in, a removal or a rename (contract: passkeySignals). */
export async function passkeySignalsFor(user: Pick<UserRow, "id" | "email" | "nickname">, credentialIds?: readonly string[]): Promise<PasskeySignals> {
  const db = await getDb();
  const ids = credentialIds ?? (await db.select({ id: passkeys.credentialId }).from(passkeys).where(eq(passkeys.userId, user.id))).map((row) => row.id);
  return { rpId: getConfig().webauthn.rpId, userId: userHandleOf(user.id), name: user.email, displayName: user.nickname ?? user.email, credentialIds: [...ids] };
}

function toItem(row: PasskeyRow): PasskeyItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null, backedUp: row.backedUp };
}

export async function assertRoomForOneMore(userId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if ((row?.n ?? 0) >= PASSKEYS_PER_USER_MAX) throw new ServiceError(ErrorCode.passkeyLimit);
}

/** Adding a passkey needs a recent proof (step-up, 20113); the attempt it gets is bound to this session. */
export async function passkeyRegistrationOptions(user: UserRow, session: SessionRow): Promise<RegistrationOptions> {
  assertRecentProof(session);
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
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  const attempt = await storeChallenge("register", options.challenge, session.id);
  return { attempt, options };
}

/**
 * The browser's answer to the session's attempt: the challenge is spent first (a second answer
 * is 20702), garbage is 20704, an answer that does not verify (origin, RP ID, challenge, user
 * verification) 20701, a credential already registered 20706, the 21st passkey 20703.
 */
export async function registerPasskey(user: UserRow, session: SessionRow, input: { attempt: string; name: string; response: RegistrationResponse }, client: ClientInfo): Promise<PasskeyItem> {
  const challenge = await spendChallenge("register", input.attempt, session.id);
  assertWellFormedRegistration(input.response);
  const { rpId, origins } = getConfig().webauthn;
  const verified = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: [...origins],
    expectedRPID: rpId,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null);
  if (!verified?.verified) throw new ServiceError(ErrorCode.passkeyRefused);
  const added = await savePasskey(user, verified.registrationInfo, input.name);
  await recordOwnSecurityChange(user, "passkey_added", client);
  return added;
}

type VerifiedRegistration = Extract<VerifiedRegistrationResponse, { verified: true }>;

/** Keeps a verified credential under its name: the limit is checked again, a known credential is 20706. */
export async function savePasskey(user: UserRow, info: VerifiedRegistration["registrationInfo"], name: string): Promise<PasskeyItem> {
  const { credential, credentialDeviceType, credentialBackedUp } = info;
  await assertRoomForOneMore(user.id);
  const db = await getDb();
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      createdAt: now(),
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw new ServiceError(ErrorCode.passkeyExists);
  return toItem(row);
}

export async function listPasskeys(user: UserRow): Promise<PasskeyList> {
  const db = await getDb();
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, user.id)).orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return { passkeys: rows.map(toItem), max: PASSKEYS_PER_USER_MAX, signals: await passkeySignalsFor(user, rows.map((row) => row.credentialId)) };
}

export async function renamePasskey(user: UserRow, id: string, name: string, client: ClientInfo): Promise<PasskeyItem> {
  const db = await getDb();
  const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id))).returning();
  if (!row) throw new ServiceError(ErrorCode.passkeyNotFound);
  // a rename changes no way in: an event, no mail
  await recordAccountEvent(user.id, "passkey_renamed", bySelf(client));
  return toItem(row);
}

/**
 * Removing a passkey takes a way in away: the last-way-in rule (services/ways-in.ts; the last one
 * → 20304, before the proof), then a recent proof (step-up, 20113). Another user's or an unknown
 * passkey → 20705.
 */
export async function removePasskey(user: UserRow, session: SessionRow, id: string, client: ClientInfo): Promise<void> {
  await removeWayIn(user.id, {
    find: async (tx) => {
      const [row] = await tx.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
      if (!row) throw new ServiceError(ErrorCode.passkeyNotFound);
      return row;
    },
    assertProof: () => assertRecentProof(session),
    remove: async (tx, row) => {
      await tx.delete(passkeys).where(and(eq(passkeys.id, row.id), eq(passkeys.userId, user.id)));
    },
  });
  await recordOwnSecurityChange(user, "passkey_removed", client);
}
