import type { IncomingHttpHeaders } from "node:http";
import { and, eq, exists, isNull, sql } from "drizzle-orm";
import type { Account } from "oidc-provider";
import { getDb, preparedOnce } from "../db/client";
import { oidcClients, sessions, users } from "../db/schema";
import { ServiceError } from "../errors";
import { amrOf as amrOfFactors, factorKindsOf } from "../services/factor-kinds";
import { authenticate, type SessionRow } from "../services/sessions";
import { takeAccountRead } from "./adapter";
import type { UserRow } from "../services/users";

/**
 * The provider's view of the services' accounts. The subject is the account's id (a UUID that
 * never changes or is reused); the claims are what the user centre shows: the email (every
 * address was proved by a code or by a provider that verified it), the nickname as `name`, and
 * the avatar as `picture`. A banned or deleted account is not found, so its tokens stop working.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every token request reads its account (a refresh, userinfo): only the claims' columns, built once. */
const accountById = preparedOnce((db) =>
  db
    .select({ id: users.id, email: users.email, nickname: users.nickname, headpic: users.headpic, status: users.status })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("oidc_account"),
);

export async function findAccount(accountId: string): Promise<Account | undefined> {
  if (!UUID.test(accountId)) return undefined;
  // a token request read it with its token (adapter.ts) a moment ago; anything else reads it here
  const user = takeAccountRead(accountId) ?? (await accountById(await getDb()).execute({ id: accountId }))[0];
  if (!user || user.status === "banned") return undefined;
  return {
    accountId: user.id,
    claims: () => ({
      sub: user.id,
      email: user.email,
      email_verified: true,
      ...(user.nickname ? { name: user.nickname } : {}),
      ...(user.headpic ? { picture: user.headpic } : {}),
    }),
  };
}

/** The portal's session cookie, named by SPEC §3 (the portal sets it: lib/session/cookie.ts). */
const UTOKEN_COOKIE = "utoken";

function cookieValue(headers: IncomingHttpHeaders, name: string): string | null {
  for (const part of (headers.cookie ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The browser's portal sign-in: the utoken cookie the portal set, checked by the services'
 * own session rule (services/sessions.ts: live, not idle too long, account not banned), as
 * the portal's pages check it through the passport API. Null when there is none or it ended.
 */
export async function portalSignIn(headers: IncomingHttpHeaders): Promise<{ session: SessionRow; user: UserRow } | null> {
  const token = cookieValue(headers, UTOKEN_COOKIE);
  if (!token) return null;
  try {
    return await authenticate(token);
  } catch (error) {
    if (error instanceof ServiceError) return null;
    throw error;
  }
}

/**
 * The authentication methods (RFC 8176) of the portal sign-in behind a session: what the sign-in
 * proved, factor by factor (sessions.sign_in_factors: pwd, otp, hwk and user for a passkey, fed
 * for a social sign-in, mfa for two factors). A row from before the factors were kept says only
 * what it does know: `fed` for a social sign-in.
 */
export function amrOf(session: SessionRow): string[] {
  const kinds = factorKindsOf(session.signInFactors);
  if (kinds.length > 0) return amrOfFactors(kinds);
  return session.socialChannel ? ["fed"] : [];
}

/**
 * Names the app a portal sign-in was made for (the login log shows it). The first app to finish
 * with the session keeps it; an app no longer registered leaves it unnamed.
 */
export async function markSessionFromApp(sessionId: string, clientId: string): Promise<void> {
  const db = await getDb();
  const registered = db.select({ clientId: oidcClients.clientId }).from(oidcClients).where(eq(oidcClients.clientId, clientId));
  await db
    .update(sessions)
    .set({ oidcClientId: clientId })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.oidcClientId), exists(registered)));
}
