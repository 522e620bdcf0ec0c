/** What every server action returns (ARCHITECTURE "Mutations are server actions"). */
export type ActionError = {
  /** An upstream or portal error code; the client shows `errors.<code>`. */
  code: number;
  retryAfter?: number;
  /** Field name → validation message key, when the input itself was refused. */
  fields?: Record<string, string>;
  /** Set with 20101 (login expired): the login page the client goes to, the session already cleared. */
  redirect?: string;
  /**
   * Set with 20109 (a sign-in from a device new to an account with device security on): the
   * challenge the device-code step sends back with the emailed code. Useless without that code
   * and this browser's device id. With 20901 (two-step on): the ticket of the second step.
   */
  challenge?: string;
  /** Set with 1002 when the upstream call ran out of time: shown as 'Request timed out'. */
  timedOut?: true;
  /** Set with 20701 when the passkey offered is unknown here: the browser is told to forget it. */
  unknownPasskey?: true;
};

export type ActionResult<T = unknown> = ({ ok: true } & T) | { ok: false; error: ActionError };

/** What a form hands its server action about its page: the language and the page's query string. */
export type PageRef = { lang: string; query: string };

/**
 * What a sign-in action returns on success (lib/session/sign-in-result.ts, docs/embedding.md):
 * where the browser goes, and for a launch by an allowed host the token with the exact origin
 * to post it to; in the `visit` third-party-cookie mode, how many sibling sites to visit first.
 */
export type HostHandoff = {
  origin: string;
  mode: "frame" | "window";
  token: string;
  /** a window the portal's own frame opened: the host is that frame's parent (its opener's parent) */
  relay?: true;
};
export type SignInResult = { redirect: string; host?: HostHandoff; cookieVisits?: number };
