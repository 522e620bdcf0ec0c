/**
 * A "browser" at the standard provider (tests/support/standard-oidc-provider.ts): from its
 * authorization URL through its development login and consent pages (their forms, filled as a
 * user would) to the redirect back to the services' callback. Its own cookies, as a browser
 * keeps them per site.
 */
export async function signInAtStandardProvider(authorizationUrl: string, login: string): Promise<string> {
  const origin = new URL(authorizationUrl).origin;
  const cookies = new Map<string, string>();
  let request: { url: string; body?: URLSearchParams } = { url: authorizationUrl };
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(request.url, {
      method: request.body ? "POST" : "GET",
      body: request.body,
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin !== origin) return next.href;
      request = { url: next.href };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action) throw new Error(`the provider answered ${response.status} without a form`);
    const body = new URLSearchParams();
    for (const [, name = "", value = ""] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) body.set(name, value);
    if (html.includes('name="login"')) {
      body.set("login", login);
      body.set("password", "any password");
    }
    request = { url: new URL(action.replaceAll("&amp;", "&"), request.url).href, body };
  }
  throw new Error("the provider did not send the browser back");
}
