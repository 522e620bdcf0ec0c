import { and, eq, gt, isNull } from "drizzle-orm";
import type { SessionData } from "@/lib/contract/passport";
import { addSeconds, now } from "../clock";
import { randomToken, sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { deviceChallenges, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { CODE_TTL_SECONDS, consumeVerificationCode, sendDeviceCode } from "./codes";
import { deviceHash, isKnownDevice, rememberDevice } from "./devices";
import { assertIpAllowed, assertMaySignIn, guardSignIn, recordCodeFailure, takeCodeCheck, type SignInAttempt } from "./protection";
import { createSession, type ClientInfo, type SessionRow } from "./sessions";
import type { UserRow } from "./users";

/**
 * The last step of every sign-in, and device security's hold on it. With device security on,
 * a sign-in whose credentials were right but which comes from a device the user has not
 * signed in from (or names no device) gets no session: a challenge is made, a code of purpose
 * "device" is mailed to the account's address, and the caller gets 20109 with the challenge.
 * POST /v1/login/device with the challenge, the code and the same x-device-id finishes it.
 */
export const DEVICE_CHALLENGE_TTL_SECONDS = CODE_TTL_SECONDS;

/**
 * A session for a user whose credentials were checked, recording the device. `deviceVerified`:
 * the way in proved the mailbox already (a device code, or a code sign-in), so no hold.
 * `socialChannel`: the provider of a social sign-in, for the login log.
 */
export async function openSession(
  user: UserRow,
  client: ClientInfo,
  remember: boolean,
  options: { deviceVerified?: boolean; socialChannel?: string } = {},
): Promise<{ token: string; session: SessionRow }> {
  if (user.deviceSecurity && !options.deviceVerified) {
    const hash = deviceHash(client.deviceId);
    if (!hash || !(await isKnownDevice(user.id, hash))) throw await holdBack(user, client, remember, hash);
  }
  const created = await createSession(user.id, client, remember, options.socialChannel ?? null);
  await rememberDevice(user.id, client);
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

/**
 * POST /v1/login/device. An unknown, spent or expired challenge, one made for another device,
 * or a wrong code → 20204 (the code allows five checks in its ten minutes). Then the account
 * rules of every sign-in (restricted 20103, banned 20105), and the device is remembered.
 * Enterprise users get the same {utoken, uid}; the portal reads defaultPassword from /v1/user/basic.
 */
export async function loginWithDevice(
  input: { challenge: string; captcha: string; remember?: boolean },
  client: ClientInfo,
): Promise<SessionData> {
  await assertIpAllowed(client.ip);
  const db = await getDb();
  const at = now();
  const [found] = await db
    .select({ challenge: deviceChallenges, user: users })
    .from(deviceChallenges)
    .innerJoin(users, eq(users.id, deviceChallenges.userId))
    .where(
      and(
        eq(deviceChallenges.challengeHash, sha256Hex(input.challenge)),
        isNull(deviceChallenges.usedAt),
        gt(deviceChallenges.expiresAt, at),
      ),
    )
    .limit(1);
  await takeCodeCheck(client.ip);
  if (!found || found.challenge.deviceHash !== deviceHash(client.deviceId)) throw new ServiceError(ErrorCode.incorrectCode);

  const { user } = found;
  const attempt: SignInAttempt = { email: user.email, ip: client.ip, method: "device" };
  await guardSignIn(attempt);
  await recordCodeFailure(attempt, () =>
    consumeVerificationCode({ email: user.email, purpose: "device", nonce: input.challenge, code: input.captcha }),
  );
  await assertMaySignIn(user, attempt);
  const spent = await db
    .update(deviceChallenges)
    .set({ usedAt: at })
    .where(and(eq(deviceChallenges.id, found.challenge.id), isNull(deviceChallenges.usedAt)))
    .returning({ id: deviceChallenges.id });
  if (spent.length === 0) throw new ServiceError(ErrorCode.incorrectCode);
  const { token } = await openSession(user, client, input.remember ?? found.challenge.remember, { deviceVerified: true });
  return { utoken: token, uid: user.id };
}
