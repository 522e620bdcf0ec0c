import { describeUserAgent } from "../agent/user-agent";
import { now } from "../clock";
import { getConfig } from "../config";
import { locateIp } from "../geo/locate-ip";
import { log } from "../log";
import { getMailer } from "../mail";
import { securityNoticeMail, type SecurityNoticeKind } from "../mail/security-notice";
import { singleton } from "../singleton";
import type { ClientInfo } from "./sessions";
import { mailLanguage, type UserRow } from "./users";
import type { AccountEventKind } from "@/lib/contract/activity";
import { bySelf, recordAccountEvent } from "./account-events";

export { SECURITY_NOTICE_KINDS, type SecurityNoticeKind } from "../mail/security-notice";

/**
 * Security notices by email (docs/security.md, "Security notices"). A service calls
 * `sendSecurityNotice(user, kind, client)` once the change is committed, with the account as it
 * was read for the change and the ClientInfo of the request that made it. It returns at once:
 * the mail is written after the caller's answer (the action never waits for a mail server), and a
 * failure to send is one warn line, never an error for the user, whose change stands.
 *
 * The mail is in the account's language (users.language: the one its owner last used), else the
 * request's (an account that never stated one), names the time, the
 * device (user agent) and the approximate place (the IP address's city, never the address), and
 * links to the account's security page on PUBLIC_ORIGIN (never on the request's Host).
 */
type Recipient = Pick<UserRow, "email" | "enterpriseId" | "language">;

function pending(): Set<Promise<void>> {
  return singleton("securityNotices", () => new Set<Promise<void>>());
}

/** The portal's own address for links in mails: PUBLIC_ORIGIN, or this machine's portal in local use. */
export function portalOrigin(): string {
  const { publicOrigin, port } = getConfig().social;
  return publicOrigin ?? `http://localhost:${port}`;
}

async function deliver(user: Recipient, kind: SecurityNoticeKind, client: ClientInfo, at: Date): Promise<void> {
  const origin = portalOrigin();
  const securityPath = user.enterpriseId ? "profile-business/security" : "profile/security";
  const lang = mailLanguage(user, client.lang);
  await getMailer().send(
    securityNoticeMail({
      to: user.email,
      kind,
      lang,
      at,
      device: describeUserAgent(client.userAgent),
      location: locateIp(client.ip, lang),
      securityUrl: `${origin}/${lang}/${securityPath}`,
      resetUrl: `${origin}/${lang}/findpwd`,
    }),
  );
}

export function sendSecurityNotice(user: Recipient, kind: SecurityNoticeKind, client: ClientInfo): void {
  const at = now();
  const sending = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => deliver(user, kind, client, at))
    .catch((error: unknown) => {
      const type = error instanceof Error ? error.name : typeof error;
      log().warn({ event: "security notice not sent", kind, err: { type } }, "security notice: the mail could not be sent; the change stands");
    })
    .finally(() => pending().delete(sending));
  pending().add(sending);
}

/** Resolves when every notice started so far is sent or given up (shutdown, and tests that read the mails). */
export async function settleSecurityNotices(): Promise<void> {
  while (pending().size > 0) await Promise.allSettled([...pending()]);
}

/**
 * A change the account's owner made to its security from this request (a passkey added or
 * removed, two-step on or off, recovery codes renewed): the activity page's event, then the
 * notice by mail. Called by the service that made the change, once it is made.
 */
export async function recordOwnSecurityChange(user: UserRow, kind: SecurityNoticeKind & AccountEventKind, client: ClientInfo): Promise<void> {
  await recordAccountEvent(user.id, kind, bySelf(client));
  sendSecurityNotice(user, kind, client);
}
