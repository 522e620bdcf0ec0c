import { canonicalEmail } from "@/lib/contract/fields";
import type { SocialLink } from "@/lib/contract/social";
import { ErrorCode, ServiceError } from "../errors";
import { consumeVerificationCode } from "./codes";
import { verifyPassword } from "./passwords";
import { assertIpAllowed, assertNoPasswordDelay, forgetPasswordFailures, notePasswordFailure, takeCodeCheck } from "./protection";
import type { ClientInfo } from "./sessions";
import { createSocialUser } from "./social-identities";
import { findLink, linkIdentity, spendLink, takePasswordAttempt, type LinkRow } from "./social-links";
import { sessionFor } from "./social-sign-in";
import { findUserByEmail, type UserRow } from "./users";

/**
 * The connection screen (POST /v1/oauth/link, /v1/oauth/link/confirm). A ticket only says who
 * came back from the provider; the account is connected after its owner proves it: the
 * account's password (a wrong one counts like a wrong sign-in password, and a ticket allows
 * five) or a code of purpose "social" mailed to the account. A ticket for an email first
 * proves the mailbox the user gives with such a code: an account of that email is connected
 * (the screen says so), otherwise one is made.
 */
export type LinkConfirmation =
  | { ticket: string; method: "password"; password: string }
  | { ticket: string; method: "code"; email?: string; captcha: string; nonce: string };

/** What the screen shows: the provider, its name for the account, and the account's email (connect). */
export async function describeLink(ticket: string): Promise<SocialLink> {
  const { link, user } = await findLink(ticket);
  return { kind: link.kind, channel: link.channel, email: link.kind === "connect" ? (user?.email ?? null) : null, name: link.name };
}

function clientOf(link: LinkRow, client: ClientInfo): ClientInfo {
  return { ...client, appCode: link.appCode ?? client.appCode, platform: link.platform ?? client.platform, appVersion: link.appVersion ?? client.appVersion };
}

async function proveAccount(link: LinkRow, account: UserRow, input: LinkConfirmation, ip: string | null): Promise<void> {
  if (input.method === "code") {
    await takeCodeCheck(ip);
    await consumeVerificationCode({ email: account.email, purpose: "social", nonce: input.nonce, code: input.captcha });
    return;
  }
  await assertNoPasswordDelay(account.email);
  await takePasswordAttempt(link);
  if (!account.passwordSet || !(await verifyPassword(account.passwordHash, input.password))) {
    await notePasswordFailure(account.email);
    throw new ServiceError(ErrorCode.incorrectPassword);
  }
  await forgetPasswordFailures(account.email);
}

export async function confirmLink(input: LinkConfirmation, client: ClientInfo): Promise<{ utoken: string; uid: string; created: boolean }> {
  await assertIpAllowed(client.ip);
  const { link, user } = await findLink(input.ticket);
  const from = clientOf(link, client);
  if (link.kind === "connect") {
    if (!user) throw new ServiceError(ErrorCode.socialLinkExpired);
    if (user.enterpriseId) throw new ServiceError(ErrorCode.socialEnterprise);
    await proveAccount(link, user, input, client.ip);
    await spendLink(link);
    const session = await sessionFor(user, link.channel, from, false, { link });
    return { utoken: session.token, uid: session.uid, created: false };
  }
  if (input.method !== "code" || !input.email) throw new ServiceError(ErrorCode.invalidParams, { fields: ["email"] });
  const email = canonicalEmail(input.email);
  await takeCodeCheck(client.ip);
  await consumeVerificationCode({ email, purpose: "social", nonce: input.nonce, code: input.captcha });
  await spendLink(link);
  const identity = linkIdentity(link, email);
  const existing = await findUserByEmail(email);
  const created = existing ? null : await createSocialUser({ ...identity, email }, from.appCode);
  const account = existing ?? created ?? (await findUserByEmail(email));
  if (!account) throw new ServiceError(ErrorCode.socialAuthFailed);
  // an existing account is connected with its session: after the second step when two-step holds it
  const session = await sessionFor(account, link.channel, from, created !== null, created ? {} : { link });
  return { utoken: session.token, uid: session.uid, created: created !== null };
}
