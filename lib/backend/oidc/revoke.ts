import { and, eq, inArray, or } from "drizzle-orm";
import { now } from "../clock";
import { getDb } from "../db/client";
import { oidcPayloads } from "../db/schema";
import { describeFault, log } from "../log";
import { scheduleLogoutRetry, takeDueLogoutRetries, type LogoutTarget } from "./logout-retries";

/**
 * Ending what the OpenID Provider holds for an account from the services (a sign-out, a password
 * change, a ban…), with OpenID Back-Channel Logout: every app the user signed into in an ended
 * provider session, and that registered a back-channel logout URI, is sent a logout token (the
 * provider's own Client#backchannelLogout, as its RP-initiated logout sends it). The rows are the
 * provider's table (adapter.ts); the provider itself is loaded only when there is an app to tell.
 *
 * An app that does not take its logout token (down, slow, a 5xx) is sent a fresh one again later,
 * after 30 s, 2 min, 10 min, 1 h and 6 h, then given up with a warn line: the retries are rows of
 * the provider's table (model LogoutRetry, no account id, so a revocation never deletes them),
 * taken by one instance at a time (a DELETE … RETURNING), and each instance looks for due ones
 * every 15 s (startLogoutRetries).
 */
type Authorization = { sid?: unknown; grantId?: unknown; persistsLogout?: unknown };
export type ProviderSession = { id: string; accountId: string; loginTs: number | null; authorizations: Record<string, Authorization> };

/** The provider sessions of an account, as stored (the code flow's and FedCM's, fedcm/session.ts). */
export async function providerSessionsOf(userId: string): Promise<ProviderSession[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, "Session"), eq(oidcPayloads.accountId, userId)));
  return rows.map(({ id, payload }) => {
    const stored = (payload ?? {}) as { loginTs?: unknown; authorizations?: unknown };
    const authorizations = typeof stored.authorizations === "object" && stored.authorizations !== null ? (stored.authorizations as Record<string, Authorization>) : {};
    return { id, accountId: userId, loginTs: typeof stored.loginTs === "number" ? stored.loginTs : null, authorizations };
  });
}

/** oidc-provider's Client#backchannelLogout (in its models), which its published types leave out. */
type SendsLogoutToken = { backchannelLogout(sub: string, sid: string): Promise<void> };
function sendsLogoutToken(client: object): client is SendsLogoutToken {
  return "backchannelLogout" in client && typeof client.backchannelLogout === "function";
}

/** One logout token to one app; false (and a warn line) when the app did not take it. */
async function deliver(target: LogoutTarget): Promise<boolean | null> {
  // loaded here, not imported at the top: the provider's modules import the services' sessions
  const { oidcProvider } = await import("./provider");
  const { provider } = await oidcProvider();
  const client = await provider.Client.find(target.clientId);
  if (!client?.backchannelLogoutUri || !sendsLogoutToken(client)) return null;
  try {
    await client.backchannelLogout(target.accountId, target.sid);
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log().warn({ event: "oidc backchannel logout failed", clientId: target.clientId, err: { message } }, "an app did not accept its logout token; it is sent again later");
    return false;
  }
}

/** A logout token to each app of these sessions with a back-channel logout URI; a failure is tried again later, never thrown. */
async function sendLogoutTokens(sessions: readonly ProviderSession[]): Promise<void> {
  const targets = sessions.flatMap((session) =>
    Object.entries(session.authorizations).map(([clientId, { sid }]) => ({ clientId, sid: typeof sid === "string" ? sid : "", accountId: session.accountId })),
  );
  await Promise.all(
    targets.map(async (target) => {
      if ((await deliver(target)) === false) await scheduleLogoutRetry(target, 1);
    }),
  );
}

/** Sends the logout tokens due by `at` again (each taken by one instance only); how many went through. */
export async function retryDueLogouts(at: Date = now()): Promise<number> {
  let sent = 0;
  for (const target of await takeDueLogoutRetries(at)) {
    const delivered = await deliver(target);
    if (delivered) sent += 1;
    else if (delivered === false) await scheduleLogoutRetry(target, target.failures + 1);
  }
  return sent;
}

/** Each instance looks for due retries every 15 s until stopped (the timer never keeps a process alive). */
export function startLogoutRetries(everySeconds = 15): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    retryDueLogouts()
      .catch((error: unknown) => log().warn({ err: describeFault(error) }, "back-channel logout retries failed; trying again at the next run"))
      .finally(() => (running = false));
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Everything the OpenID Provider holds for an account: its grants, codes, access and refresh
 * tokens and provider sessions, in every app and on every device, each app with a back-channel
 * logout URI told first. Afterwards every app must sign the user in again.
 */
export async function revokeAppAccess(userId: string): Promise<number> {
  await sendLogoutTokens(await providerSessionsOf(userId));
  const db = await getDb();
  return (await db.delete(oidcPayloads).where(eq(oidcPayloads.accountId, userId)).returning({ id: oidcPayloads.id })).length;
}

/**
 * One app's sign-ins of the account end (the user took its access back): the app is told by
 * back-channel logout for each provider session it was in, and those sessions forget it, so it
 * is never told again and a new sign-in of that app starts from nothing. The sessions stay for
 * the other apps. The caller deletes the app's grants.
 */
export async function endAppSessions(userId: string, clientId: string): Promise<void> {
  const sessions = (await providerSessionsOf(userId)).filter((session) => clientId in session.authorizations);
  if (sessions.length === 0) return;
  await sendLogoutTokens(sessions.map((session) => ({ ...session, authorizations: { [clientId]: session.authorizations[clientId] ?? {} } })));
  const db = await getDb();
  for (const session of sessions) {
    const [row] = await db.select({ payload: oidcPayloads.payload }).from(oidcPayloads).where(and(eq(oidcPayloads.model, "Session"), eq(oidcPayloads.id, session.id))).limit(1);
    if (!row) continue;
    const stored = (row.payload ?? {}) as { authorizations?: Record<string, unknown> };
    const { [clientId]: removed, ...others } = stored.authorizations ?? {};
    if (removed === undefined) continue;
    await db.update(oidcPayloads).set({ payload: { ...stored, authorizations: others } }).where(and(eq(oidcPayloads.model, "Session"), eq(oidcPayloads.id, session.id)));
  }
}

/**
 * The user signed out of one portal sign-in: the provider sessions made from it (the provider
 * records the portal sign-in's time as its login time, interaction.ts) end too, as the provider's
 * own logout ends them: each app told by back-channel logout, its grant revoked unless it holds
 * offline access (`offline_access` outlives a sign-out, as with the provider's logout).
 */
export async function endAppSessionsOf(userId: string, signedInAt: Date): Promise<void> {
  const loginTs = Math.floor(signedInAt.getTime() / 1000);
  const ended = (await providerSessionsOf(userId)).filter((session) => session.loginTs === loginTs);
  if (ended.length === 0) return;
  await sendLogoutTokens(ended);
  const grants = ended.flatMap((session) => Object.values(session.authorizations).flatMap(({ grantId, persistsLogout }) => (typeof grantId === "string" && persistsLogout !== true ? [grantId] : [])));
  const db = await getDb();
  const sessionRows = and(eq(oidcPayloads.model, "Session"), inArray(oidcPayloads.id, ended.map((session) => session.id)));
  const grantRows = grants.length > 0 ? or(inArray(oidcPayloads.grantId, grants), and(eq(oidcPayloads.model, "Grant"), inArray(oidcPayloads.id, grants))) : undefined;
  await db.delete(oidcPayloads).where(grantRows ? or(sessionRows, grantRows) : sessionRows);
}
