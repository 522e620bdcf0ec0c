import { sessionLogResponse } from "@/lib/contract/user";
import { OPEN_TIMEOUT, call, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { authorization, Browser, CALLBACK, listenProvider, newClient, redeem, relyingParty, signInThroughProvider, type OidcServer } from "./support/oidc";

/**
 * The ID token says how the user signed in to the portal (`amr`, RFC 8176, from the factors the
 * portal's session recorded) and when (`auth_time`, the portal sign-in's time, not the app's); an
 * app that asks for a fresh sign-in (`prompt=login`, `max_age`) gets one: the browser goes to the
 * portal's sign-in page even though it is signed in, and only a sign-in made after that counts.
 * The login log names the app a portal sign-in was made for.
 */
let server: OidcServer;
let backend: Backend;
beforeAll(async () => {
  server = await listenProvider();
}, OPEN_TIMEOUT);
afterAll(() => server.close());
beforeEach(async () => {
  backend = await startBackend({ PUBLIC_ORIGIN: server.origin });
}, OPEN_TIMEOUT);
afterEach(stopBackend);

async function idTokenClaims(utoken: string) {
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const started = await authorization(config);
  return (await redeem(config, await signInThroughProvider(browser, started), started)).claims();
}

test("amr and auth_time come from the portal sign-in: a password sign-in is pwd, at its own time", async () => {
  await registerUser("ways@example.com");
  backend.advance(120);
  const signedInAt = Math.floor(Date.now() / 1000);
  const login = await call("POST", "/v1/login", { body: { email: "ways@example.com", password: "secret-pass1" } });
  expect(login.code).toBe(0);
  backend.advance(300);

  expect(await idTokenClaims(String(login.data?.utoken))).toMatchObject({ amr: ["pwd"], auth_time: signedInAt });
});

async function passwordSignIn(email: string): Promise<{ utoken: string; at: number }> {
  const at = Math.floor(Date.now() / 1000);
  const login = await call("POST", "/v1/login", { body: { email, password: "secret-pass1" } });
  expect(login.code).toBe(0);
  return { utoken: String(login.data?.utoken), at };
}

test.each<Record<string, string>>([{ prompt: "login" }, { max_age: "60" }])("an app asking for a fresh sign-in (%o) gets the sign-in page, and the new sign-in", async (ask) => {
  const { utoken: old } = await registerUser("again@example.com");
  backend.advance(600);
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const browser = new Browser(server.origin);
  browser.signInToPortal(old);
  const started = await authorization(config, ask);

  const asked = (await browser.follow(started.url.href)).location;
  expect(asked?.pathname).toBe("/en/login");
  expect(asked?.searchParams.get("reauth")).toBe("1");
  const back = asked?.searchParams.get("r") ?? "";
  expect(back.startsWith(`${server.origin}/oidc/interaction/`)).toBe(true);
  // the old sign-in is still not taken, however often the browser comes back with it
  expect((await browser.follow(back)).location?.searchParams.get("reauth")).toBe("1");

  backend.advance(5);
  const again = await passwordSignIn("again@example.com");
  browser.signInToPortal(again.utoken);
  const callback = (await browser.follow(back)).location;
  expect(callback?.href.startsWith(CALLBACK)).toBe(true);
  const claims = (await redeem(config, callback ?? new URL(CALLBACK), started)).claims();
  expect(claims).toMatchObject({ auth_time: again.at, amr: ["pwd"] });
});

test("the login log names the app a sign-in was made for; a sign-in reused by single sign-on keeps its own", async () => {
  const { utoken: portal } = await registerUser("log@example.com");
  backend.advance(60);
  const { clientId } = await newClient({ name: "Welder Studio" });
  const config = await relyingParty(server.origin, clientId);
  const reusing = new Browser(server.origin);
  reusing.signInToPortal(portal);
  const reused = await authorization(config);
  await redeem(config, await signInThroughProvider(reusing, reused), reused);

  // another browser, not signed in: the app sends it to the portal's sign-in page
  const fresh = new Browser(server.origin);
  const started = await authorization(config);
  const back = (await fresh.follow(started.url.href)).location?.searchParams.get("r") ?? "";
  backend.advance(5);
  const made = await passwordSignIn("log@example.com");
  fresh.signInToPortal(made.utoken);
  expect((await fresh.follow(back)).location?.href.startsWith(CALLBACK)).toBe(true);

  const log = await call("GET", "/v1/user/session/log", { token: made.utoken });
  const { list } = sessionLogResponse.parse(log.data);
  expect(list).toHaveLength(2);
  expect(list.find((item) => item.current)?.app).toBe("Welder Studio");
  expect(list.find((item) => !item.current)?.app).toBeNull();
});
