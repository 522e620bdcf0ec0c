import type { AppSession } from "./sessions";

/**
 * The reference app's one page. It is a developer's tool, not part of the portal, so it is in
 * English only; the language a user picks here is passed to the portal's sign-in (ui_locales).
 */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

const button = (action: string, label: string, method: "get" | "post" = "post") =>
  `<form method="${method}" action="${action}"><button type="submit">${escape(label)}</button></form>`;

export function homePage(session: AppSession | null, issuer: string): string {
  const user = session?.user ?? null;
  const notice = session?.notice
    ? `<p role="${session.notice.kind === "error" ? "alert" : "status"}">${escape(session.notice.text)}</p>`
    : "";
  const body = user
    ? `<h2>Signed in</h2>
<dl>
  <dt>Subject (sub)</dt><dd data-testid="sub">${escape(user.sub)}</dd>
  <dt>Email</dt><dd data-testid="email">${escape(user.email ?? "-")}</dd>
  <dt>Ways in (amr)</dt><dd data-testid="amr">${escape(user.amr.join(" ") || "-")}</dd>
  <dt>Refresh token</dt><dd>${user.refreshToken ? "held" : "none"}</dd>
</dl>
${button("/renew", "Renew silently")}
<form method="post" action="/login"><input type="hidden" name="acr" value="phr"><button type="submit">Confirm with a passkey (acr_values=phr)</button></form>
${button("/refresh", "Refresh")}
${user.previousRefreshToken ? button("/refresh-replay", "Replay the spent refresh token") : ""}
${button("/logout", "Sign out")}`
    : `<h2>Signed out</h2>
<form method="post" action="/login">
  <label>Language of the sign-in <select name="lang"><option value="en">English</option><option value="zh">中文</option></select></label>
  <button type="submit">Sign in</button>
</form>
${button("/renew", "Renew silently")}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reference brand app</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:2rem auto}form{display:inline-block;margin:.25rem}dd{margin:0 0 .5rem 1rem;font-family:monospace}</style></head>
<body><h1>Reference brand app</h1>
<p>An OpenID Connect relying party (openid-client) of <code>${escape(issuer)}</code>. See docs/oidc.md.</p>
${notice}
${body}
</body></html>`;
}
