import { addSeconds, now } from "../clock";
import { randomToken, sha256Hex } from "../crypto";
import { getDb, preparedOnce } from "../db/client";
import { deviceChallenges } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { CODE_TTL_SECONDS, sendDeviceCode } from "./codes";
import { deviceHash, deviceSeenParts, deviceSeenValues, isKnownDevice } from "./devices";
import { createSession, sessionInsert, sessionValues, type ClientInfo, type SessionOrigin, type SessionRow } from "./sessions";
import { rememberLanguage, type UserRow } from "./users";

/**
 * The last step of every sign-in, and device security's hold on it. With device security on,
 * a sign-in whose credentials were right but which comes from a device the user has not
 * signed in from (or names no device) gets no session: a challenge is made, a code of purpose
 * "device" is mailed to the account's address, and the caller gets 20109 with the challenge.
 * POST /v1/login/device with the challenge, the code and the same x-device-id finishes it
 * (device-sign-in.ts).
 */
export const DEVICE_CHALLENGE_TTL_SECONDS = CODE_TTL_SECONDS;

/**
 * A session for a user whose credentials were checked, recording the device. `deviceVerified`:
 * the way in proved more than a password (factor-kinds.ts provesDevice), so no hold. The
 * origin (provider, factors, the proof a multi-factor sign-in stands for) goes on the row.
 */
export async function openSession(
  user: UserRow,
  client: ClientInfo,
  remember: boolean,
  options: { deviceVerified?: boolean } & SessionOrigin = {},
): Promise<{ token: string; session: SessionRow }> {
  const { deviceVerified, ...origin } = options;
  if (user.deviceSecurity && !deviceVerified) {
    const hash = deviceHash(client.deviceId);
    if (!hash || !(await isKnownDevice(user.id, hash))) throw await holdBack(user, client, remember, hash);
  }
  const created = await sessionFromBrowser(user.id, client, remember, origin);
  await rememberLanguage(user, client);
  return created;
}

/** A sign-in from a browser: its session and its device (devices.ts) in one statement. */
const openOnDevice = preparedOnce((db) => {
  const created = db.$with("created").as(sessionInsert(db));
  const { seen, noticed } = deviceSeenParts(db);
  return db.with(created, seen, noticed).select().from(created).prepare("open_session_on_device");
});

/** The session, with the caller's device seen when it named one (one statement either way). */
async function sessionFromBrowser(userId: string, client: ClientInfo, remember: boolean, origin: SessionOrigin): Promise<{ token: string; session: SessionRow }> {
  const device = deviceSeenValues(client);
  if (!device) return createSession(userId, client, remember, origin);
  const { token, values } = sessionValues(userId, client, remember, origin, now());
  const [session] = await openOnDevice(await getDb()).execute({ ...values, ...device });
  if (!session) throw new Error("insert returned no row");
  return { token, session };
}

/** Mail the code (its caps and 60 s wait may refuse: 10004 / 10003), then store the challenge. */
async function holdBack(user: UserRow, client: ClientInfo, remember: boolean, hash: string | null): Promise<ServiceError> {
  const challenge = randomToken(32);
  await sendDeviceCode({ email: user.email, challenge, lang: client.lang, ip: client.ip });
  const db = await getDb();
  const at = now();
  await db.insert(deviceChallenges).values({
    challengeHash: sha256Hex(challenge),
    userId: user.id,
    deviceHash: hash,
    remember,
    createdAt: at,
    expiresAt: addSeconds(at, DEVICE_CHALLENGE_TTL_SECONDS),
  });
  return new ServiceError(ErrorCode.deviceVerificationRequired, { challenge });
}

