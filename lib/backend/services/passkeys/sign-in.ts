import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { AuthenticationOptions, AuthenticationResponse, PasskeySession } from "@/lib/contract/passkeys";
import { now } from "../../clock";
import { getConfig } from "../../config";
import { getDb, preparedOnce } from "../../db/client";
import { passkeys, users } from "../../db/schema";
import { ErrorCode, ServiceError, throttled } from "../../errors";
import { isOver, rateLimit } from "../../ratelimit";
import { ipLimitKey } from "../ip-key";
import { assertIpAllowed, refuseSignIn } from "../protection";
import type { ClientInfo } from "../sessions";
import { signIn, type Factor } from "../sign-in";
import { signInRecordColumns, signInRecordOf, signInRecordValues, type SignInRecord } from "../sign-in-record";
import { PASSKEY_CEREMONY_TIMEOUT_MS, spendUpdate, spendValues, storeSignInChallenge } from "./challenges";
import { passkeySignalsFor, userHandleOf } from "./manage";
import { assertWellFormedAssertion } from "./well-formed";

/**
 * Sign-in with a passkey: a discoverable credential, so the options name no account and the
 * browser offers the site's passkeys (a button, or the email field's autofill). The answer goes
 * through the sign-in pipeline (sign-in.ts) like every way in: the ban list and the address's
 * failure cap first, then the passkey factor, the account's own rules, the session and login log.
 */
type StoredPasskey = typeof passkeys.$inferSelect & { email: string };

/** options handed to one address (each is a stored challenge) */
const OPTIONS_PER_IP = { name: "passkey-options-ip", points: 300, durationSeconds: 3_600 } as const;

/**
 * A banned address gets 20104 and nothing stored; the ban list is read in the statement that
 * stores the challenge (challenges.ts, storeSignInChallenge), and again only when the address is
 * over its limit, so that a banned address hears 20104 rather than 10004 there too.
 */
export async function passkeySignInOptions(ip: string | null): Promise<AuthenticationOptions> {
  const key = ipLimitKey(ip);
  if (key !== null) {
    const usage = await (await rateLimit(OPTIONS_PER_IP)).hit(key);
    if (isOver(usage, OPTIONS_PER_IP)) {
      await assertIpAllowed(ip);
      throw throttled(usage.resetInMs);
    }
  }
  const { rpId } = getConfig().webauthn;
  const options = await generateAuthenticationOptions({ rpID: rpId, userVerification: "required", timeout: PASSKEY_CEREMONY_TIMEOUT_MS });
  const attempt = await storeSignInChallenge(options.challenge, ip);
  return { attempt, options };
}

/**
 * Every passkey answer spends its attempt's challenge and reads the passkey it names: one
 * statement, the spend as a data-modifying CTE (it runs whatever the read finds) and the passkey
 * with its account left-joined to it, so an unknown passkey still spends the challenge. No row:
 * the challenge was unknown, used, expired or another session's. A sign-in's statement also
 * reads the sign-in's record (sign-in-record.ts: the ban list, the account's recent failures
 * and two-step) for that account, which the sign-in's guard would otherwise read on its own.
 * Built once per database (db/client.ts, preparedOnce), like the counter's move below.
 */
const spendAndFindForSignIn = preparedOnce((db) => {
  const spent = db.$with("spent").as(spendUpdate(db, false));
  return db
    .with(spent)
    .select({ challenge: spent.challenge, passkey: passkeys, ...signInRecordColumns(users.email) })
    .from(spent)
    .leftJoin(passkeys, eq(passkeys.credentialId, sql.placeholder("credentialId")))
    .leftJoin(users, eq(users.id, passkeys.userId))
    .prepare("spend_challenge_find_passkey_record");
});
const spendAndFindForStepUp = preparedOnce((db) => {
  const spent = db.$with("spent").as(spendUpdate(db, true));
  return db
    .with(spent)
    .select({ challenge: spent.challenge, passkey: passkeys, email: users.email })
    .from(spent)
    .leftJoin(passkeys, eq(passkeys.credentialId, sql.placeholder("credentialId")))
    .leftJoin(users, eq(users.id, passkeys.userId))
    .prepare("spend_session_challenge_find_passkey");
});

const ofSameUser = alias(passkeys, "of_same_user");

/**
 * Only from the counter this sign-in read: of two uses of one answer, one moves it. It also
 * returns the account's passkeys, which the answer's signals list (passkeySignalsFor), so the
 * sign-in does not read them in a statement of their own.
 */
const moveCounter = preparedOnce((db) =>
  db
    .update(passkeys)
    .set({ counter: sql`${sql.placeholder("counter")}::bigint`, backedUp: sql`${sql.placeholder("backedUp")}::boolean`, lastUsedAt: sql`${sql.placeholder("at")}::timestamptz` })
    .where(and(eq(passkeys.id, sql.placeholder("id")), eq(passkeys.counter, sql.placeholder("readCounter"))))
    .returning({
      id: passkeys.id,
      credentialIds: sql<string[]>`(select coalesce(array_agg(${ofSameUser.credentialId}), '{}') from ${passkeys} as ${sql.identifier("of_same_user")} where ${ofSameUser.userId} = ${passkeys.userId})`,
    })
    .prepare("move_passkey_counter"),
);

/**
 * Spend a step-up attempt's challenge (bound to the step-up's `sessionId`) and read the passkey
 * the answer names: 20702 when there was no challenge to spend, whatever the passkey.
 */
export async function spendAndFindPasskey(attempt: string, credentialId: string, sessionId: string): Promise<{ challenge: string; stored: StoredPasskey | null }> {
  const db = await getDb();
  const [row] = await spendAndFindForStepUp(db).execute({ ...spendValues("authenticate", attempt), credentialId, sessionId });
  if (!row) throw new ServiceError(ErrorCode.passkeyChallengeExpired);
  return { challenge: row.challenge, stored: row.passkey && row.email !== null ? { ...row.passkey, email: row.email } : null };
}

/** The same for a sign-in from `ip` (no session), with the sign-in's record of the passkey's account. */
async function spendForSignIn(attempt: string, credentialId: string, ip: string | null): Promise<{ challenge: string; stored: StoredPasskey | null; record: SignInRecord }> {
  const db = await getDb();
  const [row] = await spendAndFindForSignIn(db).execute({ ...signInRecordValues(ip), ...spendValues("authenticate", attempt), credentialId });
  if (!row) throw new ServiceError(ErrorCode.passkeyChallengeExpired);
  const record = signInRecordOf(row);
  return { challenge: row.challenge, stored: row.passkey && record.user ? { ...row.passkey, email: record.user.email } : null, record };
}

/** The signature, origin, RP ID, challenge and user verification; the counter must grow. Any doubt → false. */
async function verifies(stored: StoredPasskey, response: AuthenticationResponse, challenge: string): Promise<{ counter: number; backedUp: boolean } | null> {
  const { rpId, origins, topOrigins } = getConfig().webauthn;
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: [...origins],
    // in a host's frame the answer names the host's page; only an allowed host's counts
    expectedTopOrigin: [...topOrigins],
    expectedRPID: rpId,
    credential: { id: stored.credentialId, publicKey: isoBase64URL.toBuffer(stored.publicKey), counter: stored.counter, transports: stored.transports },
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) return null;
  return { counter: result.authenticationInfo.newCounter, backedUp: result.authenticationInfo.credentialBackedUp };
}

/**
 * The passkey factor. An unknown passkey, one whose user handle names another account, and an
 * answer that does not verify (forged, replayed onto a new attempt, another site's, a counter
 * that did not grow) are one refusal, 20701, logged and counted like a wrong password. The
 * counter moves only from the value this check read, so two uses of one answer cannot both win.
 */
export function passkeyAssertion(stored: StoredPasskey | null, response: AuthenticationResponse, challenge: string): Factor & { accountPasskeys: () => readonly string[] | undefined } {
  let accountPasskeys: readonly string[] | undefined;
  return {
    accountPasskeys: () => accountPasskeys,
    method: "passkey",
    // two factors at once, and the device itself: neither two-step nor device security holds it
    proves: ["passkey"],
    async prove({ attempt, account }) {
      const refuse = () => refuseSignIn(attempt, ErrorCode.passkeyRefused);
      if (!stored || !account || account.id !== stored.userId) throw await refuse();
      if (response.response.userHandle !== userHandleOf(account.id)) throw await refuse();
      const checked = await verifies(stored, response, challenge);
      if (!checked) throw await refuse();
      const moved = await moveCounter(await getDb()).execute({ counter: checked.counter, backedUp: checked.backedUp, at: now(), id: stored.id, readCounter: stored.counter });
      const [row] = moved;
      if (!row) throw await refuse();
      accountPasskeys = row.credentialIds;
      return account;
    },
  };
}

/**
 * POST /v1/login/passkey: the attempt's challenge is spent first (unknown, used or expired →
 * 20702), garbage is 20704, then the pipeline. A passkey proves the device and is two factors:
 * device security does not hold it back and two-step sign-in asks for nothing more.
 */
export async function loginWithPasskey(input: { attempt: string; response: AuthenticationResponse; remember?: boolean }, client: ClientInfo): Promise<PasskeySession> {
  const { challenge, stored, record } = await spendForSignIn(input.attempt, input.response.id, client.ip);
  assertWellFormedAssertion(input.response);
  const factor = { ...passkeyAssertion(stored, input.response, challenge), record };
  // an unknown passkey has no account: the attempt is logged under no email
  const { token, user } = await signIn(stored?.email ?? "", factor, client, input.remember ?? false).catch((error: unknown) => {
    // the browser still offers a passkey this site no longer knows (removed here, or from another
    // database): say so, so it can stop offering it (PublicKeyCredential.signalUnknownCredential).
    // The credential id is the caller's own and random, so this tells them nothing about anyone.
    if (!stored && error instanceof ServiceError && error.code === ErrorCode.passkeyRefused) throw new ServiceError(ErrorCode.passkeyRefused, { unknownCredential: true });
    throw error;
  });
  return { utoken: token, uid: user.id, enterprise: user.enterpriseId !== null, signals: await passkeySignalsFor(user, factor.accountPasskeys()) };
}
