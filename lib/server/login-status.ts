import type { OutgoingHttpHeader, OutgoingHttpHeaders } from "node:http";
import { UTOKEN_COOKIE } from "@/lib/session/cookie";

/**
 * The Login Status API (FedCM, docs/fedcm.md): a response that sets the portal's session cookie
 * says `Set-Login: logged-in`, one that clears it `Set-Login: logged-out`, so the browser knows
 * when to offer the passport on a brand's page and when not to ask. Every way in and out of the
 * portal ends in setting or clearing that one cookie (lib/session/server.ts, the address hand-off,
 * the cookie sync), so the portal's server reads the answer's Set-Cookie instead of each path
 * saying it: a new way in cannot forget it, and every instance does the same.
 */
export type LoginStatus = "logged-in" | "logged-out";

function cookieLines(value: OutgoingHttpHeader | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function statusOfLine(line: string): LoginStatus | null {
  const [pair = "", ...attributes] = line.split(";");
  const at = pair.indexOf("=");
  if (at < 0 || pair.slice(0, at).trim() !== UTOKEN_COOKIE) return null;
  if (pair.slice(at + 1).trim() === "") return "logged-out";
  for (const attribute of attributes) {
    const [name = "", value = ""] = attribute.split("=").map((part) => part.trim());
    if (name.toLowerCase() === "max-age" && Number(value) <= 0) return "logged-out";
    if (name.toLowerCase() === "expires" && Date.parse(value) <= Date.now()) return "logged-out";
  }
  return "logged-in";
}

/** What the answer's Set-Cookie lines do to the session cookie (the last one counts), or null. */
export function loginStatusOf(setCookie: OutgoingHttpHeader | undefined): LoginStatus | null {
  let status: LoginStatus | null = null;
  for (const line of cookieLines(setCookie)) status = statusOfLine(line) ?? status;
  return status;
}

/** Set-Cookie as given to writeHead: an object of headers, or a flat list of names and values. */
export function setCookieOf(headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined): OutgoingHttpHeader | undefined {
  if (!headers) return undefined;
  if (!Array.isArray(headers)) return Object.entries(headers).find(([name]) => name.toLowerCase() === "set-cookie")?.[1];
  const lines: string[] = [];
  for (let at = 0; at + 1 < headers.length; at += 2) {
    if (String(headers[at]).toLowerCase() === "set-cookie") lines.push(...cookieLines(headers[at + 1]));
  }
  return lines.length > 0 ? lines : undefined;
}
