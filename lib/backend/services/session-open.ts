import { addSeconds, now } from "../clock";
import { randomToken, sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { deviceChallenges } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { CODE_TTL_SECONDS, sendDeviceCode } from "./codes";
import { deviceHash, isKnownDevice, rememberDevice } from "./devices";
import { createSession, type ClientInfo, type SessionOrigin, type SessionRow } from "./sessions";
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
  const created = await createSession(user.id, client, remember, origin);
  await rememberDevice(user.id, client);
  await rememberLanguage(user, client);
  return created;
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

