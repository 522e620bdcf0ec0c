import { and, eq, gt, isNull } from "drizzle-orm";
import type { SessionData } from "@/lib/contract/passport";
import { now } from "../clock";
import { sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { deviceChallenges, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { deviceHash } from "./devices";
import { assertIpAllowed, takeCodeCheck } from "./protection";
import type { ClientInfo } from "./sessions";
import { signIn } from "./sign-in";
import { deviceCode } from "./sign-in-factors";

/**
 * POST /v1/login/device. An unknown, spent or expired challenge, one made for another device,
 * or a wrong code → 20204 (the code allows five checks in its ten minutes). Then the sign-in
 * pipeline (sign-in.ts) with the device-code factor: the account rules of every sign-in
 * (restricted 20103, banned 20105), and the device is remembered.
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
  const spend = async () => {
    const spent = await db
      .update(deviceChallenges)
      .set({ usedAt: at })
      .where(and(eq(deviceChallenges.id, found.challenge.id), isNull(deviceChallenges.usedAt)))
      .returning({ id: deviceChallenges.id });
    if (spent.length === 0) throw new ServiceError(ErrorCode.incorrectCode);
  };
  const { token } = await signIn(user.email, deviceCode(user, input.challenge, input.captcha, spend), client, input.remember ?? found.challenge.remember);
  return { utoken: token, uid: user.id };
}
