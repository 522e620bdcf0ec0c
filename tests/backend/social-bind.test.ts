import { createEnterprise } from "@/lib/backend/cli/commands";
import { call, registerUser, type Reply } from "./support/harness";
import { decideAtProvider, newBrowser, returnFromProvider, socialBackendPerTest, startSignIn } from "./support/social";

/**
 * Connecting a provider from account security (op=bind): the browser's address names the
 * session by a one-time bind ticket (`bt`), never by the session token. A ticket is made server
 * to server with the session (POST /v1/oauth/bind-ticket), works once, for 5 minutes, for its
 * session and provider only.
 */
const { provider, backend } = socialBackendPerTest();

const SECURITY = "http://localhost:3000/en/profile/security";

function bindTicket(token: string | undefined, channel = "facebook"): Promise<Reply> {
  return call("POST", "/v1/oauth/bind-ticket", { token, body: { channel } });
}
async function ticketOf(token: string, channel = "facebook"): Promise<string> {
  const reply = await bindTicket(token, channel);
  expect(reply).toMatchObject({ code: 0, data: { expiresIn: 300 } });
  return String(reply.data?.ticket);
}
async function providersOf(token: string): Promise<Record<string, boolean>> {
  const list = (await call("GET", "/v1/user/oauth/list", { token })).data as { providers: Array<{ channel: string; connected: boolean }> };
  return Object.fromEntries(list.providers.map((item) => [item.channel, item.connected]));
}
/** The error code the services send the browser back with, when /auth refuses at once. */
async function refusedAtStart(query: Record<string, string>, channel = "facebook"): Promise<string | null> {
  const started = await startSignIn(newBrowser(), channel, { op: "bind", r: SECURITY, ...query });
  expect(started.status).toBe(302);
  const back = new URL(started.headers.get("location") ?? "");
  expect(back.origin).toBe("http://localhost:3000");
  return back.searchParams.get("error");
}

test("a connection goes by a ticket: no session in any address of the round trip; the ticket works once", async () => {
  const { utoken } = await registerUser("binder@example.com", "binder-pass1");
  const ticket = await ticketOf(utoken);
  expect(ticket).not.toContain(utoken);

  const browser = newBrowser();
  const started = await startSignIn(browser, "facebook", { op: "bind", bt: ticket, r: SECURITY });
  expect(started.status).toBe(302);
  const atProvider = started.headers.get("location") ?? "";
  expect(new URL(atProvider).origin).toBe(new URL(provider().facebook.issuer).origin);
  const answer = await decideAtProvider(provider().facebook, atProvider, "allow", { email: "binder.fb@example.com" });
  const back = await returnFromProvider(browser, answer);
  expect(Object.fromEntries(back.searchParams)).toEqual({ op: "bind", c: "facebook", r: SECURITY });
  for (const address of [atProvider, answer.url, back.href]) expect(address).not.toContain(utoken);
  expect(await providersOf(utoken)).toEqual({ google: false, facebook: true, apple: false });

  // a second use of the same ticket is refused before the provider is asked
  expect(await refusedAtStart({ bt: ticket })).toBe("20306");
});

test("a ticket expires after 5 minutes, and is for its provider only", async () => {
  const { utoken } = await registerUser("late-binder@example.com", "binder-pass2");
  const forFacebook = await ticketOf(utoken);
  expect(await refusedAtStart({ bt: forFacebook }, "google")).toBe("20306");
  backend()?.advance(301);
  expect(await refusedAtStart({ bt: forFacebook })).toBe("20306");
  expect(await refusedAtStart({ bt: "not-a-ticket-at-all-0123456789abcdef" })).toBe("20306");
  expect(await providersOf(utoken)).toEqual({ google: false, facebook: false, apple: false });
});

test("a ticket is its session's: once that session ended it is refused, although the account has another one", async () => {
  const { utoken: laptop } = await registerUser("two-sessions@example.com", "binder-pass3");
  const phone = String((await call("POST", "/v1/login", { body: { email: "two-sessions@example.com", password: "binder-pass3" } })).data?.utoken);
  const ticket = await ticketOf(laptop);
  expect(await call("POST", "/v1/user/logout", { token: laptop })).toMatchObject({ code: 0 });
  expect(await refusedAtStart({ bt: ticket })).toBe("20306");
  expect(await providersOf(phone)).toEqual({ google: false, facebook: false, apple: false });
});

test("the session token itself is never taken from the address; a ticket needs a session and a consumer account", async () => {
  const { utoken } = await registerUser("old-way@example.com", "binder-pass4");
  expect(await refusedAtStart({ ut: utoken })).toBe("20101");
  expect(await refusedAtStart({})).toBe("20101");
  expect(await providersOf(utoken)).toEqual({ google: false, facebook: false, apple: false });

  expect(await bindTicket(undefined)).toMatchObject({ status: 401, code: 20101 });
  expect(await bindTicket(utoken, "not a provider!")).toMatchObject({ status: 400, code: 10001 });
  const boss = await createEnterprise({ account: "BIND-01", email: "boss@bind.test", name: "Bind Co" });
  const signedIn = await call("POST", "/v1/enterprise/login", { body: { account: "BIND-01", email: boss.email, password: boss.password } });
  expect(await bindTicket(String(signedIn.data?.utoken))).toMatchObject({ code: 20305 });
});
