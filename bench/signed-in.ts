import { url } from "./children";

/**
 * Signing the bench's account in as a client does, for the parts that load signed-in pages
 * (bench/run.ts's settings page, bench/lighthouse/part.ts).
 */

/** A session token from the services' sign-in (POST /v1/login). */
export async function signIn(port: number, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(url(port, "/v1/login"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
  const body = (await response.json()) as { code?: number; data?: { utoken?: string } };
  const token = body.data?.utoken;
  if (response.status !== 200 || body.code !== 0 || !token) throw new Error(`POST /v1/login: ${response.status} ${JSON.stringify(body)}`);
  return token;
}

/** The cookies a browser holds after its first signed-in view of `pathname` (utoken, then what the portal set). */
export async function signedInCookies(port: number, pathname: string, token: string): Promise<Map<string, string>> {
  const jar = new Map<string, string>([["utoken", token]]);
  const response = await fetch(url(port, pathname), { headers: { cookie: `utoken=${token}` }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${pathname} signed in: ${response.status} ${response.headers.get("location") ?? ""}`);
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair?.indexOf("=") ?? -1;
    if (pair && at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return jar;
}

/** The same cookies as one Cookie header. */
export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
