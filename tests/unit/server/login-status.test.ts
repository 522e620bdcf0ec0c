/**
 * @jest-environment node
 */
import http from "node:http";
import { OutageAwareResponse } from "@/lib/server/outage-response";
import { closeServer, listenOnLoopback } from "../support/loopback-server";

/**
 * FedCM's Login Status API (docs/fedcm.md): every answer of the portal's server that sets the
 * session cookie says `Set-Login: logged-in`, every one that clears it `Set-Login: logged-out`,
 * however the answer sets it (setHeader, writeHead's headers, a list of cookies), and nothing else
 * says either. The stand-in for Next sets cookies as the query asks.
 */
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer({ ServerResponse: OutageAwareResponse }, (request, response) => {
    const url = new URL(request.url ?? "/", "http://portal.test");
    const cookies = url.searchParams.getAll("cookie");
    if (url.searchParams.has("inWriteHead")) {
      response.writeHead(200, { "set-cookie": cookies });
    } else if (cookies.length > 0) {
      response.setHeader("set-cookie", cookies);
    }
    response.end("page");
  });
  base = await listenOnLoopback(server);
});
afterAll(() => closeServer(server));

async function setLoginOf(...cookies: string[]): Promise<string | null> {
  const query = new URLSearchParams(cookies.map((cookie) => ["cookie", cookie]));
  return (await fetch(`${base}/en/login?${query}`)).headers.get("set-login");
}

it("says logged-in when a sign-in sets the session cookie", async () => {
  expect(await setLoginOf("utoken=abc123; Path=/; HttpOnly; Secure; SameSite=None")).toBe("logged-in");
  expect(await setLoginOf("IntlLang=en; Path=/", "utoken=abc123; Path=/; Max-Age=31536000")).toBe("logged-in");
});

it("says logged-out when a sign-out clears it, by an empty value, Max-Age=0 or a past expiry", async () => {
  expect(await setLoginOf("utoken=; Path=/; Max-Age=0")).toBe("logged-out");
  expect(await setLoginOf("utoken=abc; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT")).toBe("logged-out");
});

it("reads cookies given to writeHead as well", async () => {
  const query = new URLSearchParams([["cookie", "utoken=; Path=/; Max-Age=0"], ["inWriteHead", "1"]]);
  expect((await fetch(`${base}/?${query}`)).headers.get("set-login")).toBe("logged-out");
});

it("says nothing when the session cookie is not touched", async () => {
  expect(await setLoginOf()).toBeNull();
  expect(await setLoginOf("IntlLang=zh; Path=/", "utoken_check=sealed; Path=/")).toBeNull();
});
