import { randomBytes } from "node:crypto";

/**
 * The reference app's own sessions, in memory (a real app keeps them in its store): what is
 * pending between "Sign in" and the callback (PKCE verifier, state, nonce), the tokens of a
 * signed-in user, and the last outcome the home page reports. Tokens never leave the server.
 */
export type Lang = "en" | "zh";
export type Pending = { verifier: string; state: string; nonce: string; silent: boolean; lang: Lang | null };
export type SignedIn = {
  sub: string;
  sid: string | null;
  email: string | null;
  amr: string[];
  /** the language the user chose for the sign-in, asked of the provider's sign-out page too */
  lang: Lang | null;
  idToken: string;
  refreshToken: string | null;
  /** the refresh token spent by the last refresh, kept only to show reuse detection */
  previousRefreshToken: string | null;
};
export type Notice = { kind: "info" | "error"; text: string };
export type AppSession = { id: string; pending: Pending | null; user: SignedIn | null; notice: Notice | null };

export class SessionStore {
  private readonly sessions = new Map<string, AppSession>();

  get(id: string | undefined): AppSession | null {
    return id ? (this.sessions.get(id) ?? null) : null;
  }

  create(): AppSession {
    const session: AppSession = { id: randomBytes(24).toString("base64url"), pending: null, user: null, notice: null };
    this.sessions.set(session.id, session);
    return session;
  }

  /**
   * A back-channel logout: every session of this provider session (sid) or, without a sid, of
   * this user (sub) is signed out. Returns how many were.
   */
  endFor(match: { sub?: string; sid?: string }): number {
    let ended = 0;
    for (const session of this.sessions.values()) {
      const user = session.user;
      if (!user) continue;
      const hit = match.sid !== undefined ? user.sid === match.sid && (match.sub === undefined || user.sub === match.sub) : user.sub === match.sub;
      if (!hit) continue;
      session.user = null;
      session.notice = { kind: "info", text: "Signed out by the provider (back-channel logout)." };
      ended++;
    }
    return ended;
  }
}
