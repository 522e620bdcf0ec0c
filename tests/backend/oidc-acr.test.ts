import { call, OPEN_TIMEOUT, registerUser, stopBackend, type Backend } from "./support/harness";
import { authorization, Browser, CALLBACK, listenProvider, newClient, redeem, relyingParty, signInThroughProvider, startProviderBackend, type OidcServer } from "./support/oidc";
import { addPasskey, signInWithPasskey, SoftAuthenticator } from "./support/passkeys";
import { secondStep, ticketOf, turnOnTwoStep } from "./support/two-step";

/**
 * acr_values (docs/oidc.md "How strong a sign-in was"): the provider publishes its levels (sfa,
 * mfa, phr), every ID token's acr says the level the portal sign-in reached, and a sign-in below
 * what the app asked for is taken again on the portal's sign-in page (reauth=1), single sign-on
 * included; the new sign-in's acr says what was done, met or not.
 */
let provider: OidcServer;
let backend: Backend;
beforeAll(async () => {
  provider = await listenProvider();
}, OPEN_TIMEOUT);
afterAll(() => provider.close());
beforeEach(async () => {
  backend = await startProviderBackend(provider);
}, OPEN_TIMEOUT);
afterEach(stopBackend);

async function passwordSignIn(email: string): Promise<string> {
  const login = await call("POST", "/v1/login", { body: { email, password: "secret-pass1" } });
  expect(login.code).toBe(0);
  return String(login.data?.utoken);
}

/** A registered app, and a browser signed in to the portal with the account's password. */
async function appAndPasswordSignIn(email: string) {
  const { clientId } = await newClient();
  const config = await relyingParty(provider.origin, clientId);
  const browser = new Browser(provider.origin);
  browser.signInToPortal(await passwordSignIn(email));
  return { config, browser };
}

test("the levels are published; a password sign-in is sfa, a two-step one is mfa and meets acr_values=mfa at once", async () => {
  const discovery = (await (await fetch(`${provider.origin}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
  expect(discovery.acr_values_supported).toEqual(["sfa", "mfa", "phr"]);
  const { clientId } = await newClient();
  const config = await relyingParty(provider.origin, clientId);

  const { utoken } = await registerUser("levels@example.com");
  const browser = new Browser(provider.origin);
  browser.signInToPortal(utoken);
  const plain = await authorization(config);
  expect((await redeem(config, await signInThroughProvider(browser, plain), plain)).claims()).toMatchObject({ acr: "sfa" });

  const { recoveryCodes } = await turnOnTwoStep(utoken);
  const held = await call("POST", "/v1/login", { body: { email: "levels@example.com", password: "secret-pass1" } });
  // the authenticator's code was spent turning it on (the clock stands still): a recovery code
  const done = await secondStep(ticketOf(held), "recovery", recoveryCodes[0] ?? "");
  expect(done.code).toBe(0);
  const strong = new Browser(provider.origin);
  strong.signInToPortal(String(done.data?.utoken));
  const asked = await authorization(config, { acr_values: "mfa" });
  const claims = (await redeem(config, await signInThroughProvider(strong, asked), asked)).claims();
  expect(claims).toMatchObject({ acr: "mfa" });
  expect(claims?.amr).toEqual(expect.arrayContaining(["pwd", "otp", "mfa"]));
});

test("a sign-in below acr_values is taken again, single sign-on too; the new one's acr says what was done", async () => {
  await registerUser("stepup@example.com");
  const { clientId } = await newClient();
  const config = await relyingParty(provider.origin, clientId);
  const browser = new Browser(provider.origin);
  browser.signInToPortal(await passwordSignIn("stepup@example.com"));
  // a first sign-in to the app: the provider's session (single sign-on) now exists
  const first = await authorization(config);
  await signInThroughProvider(browser, first);
  backend.advance(60);

  const started = await authorization(config, { acr_values: "mfa phr" });
  const asked = (await browser.follow(started.url.href)).location;
  expect(asked?.pathname).toBe("/en/login");
  expect(asked?.searchParams.get("reauth")).toBe("1");
  const back = asked?.searchParams.get("r") ?? "";
  // the old sign-in is still not taken
  expect((await browser.follow(back)).location?.searchParams.get("reauth")).toBe("1");

  backend.advance(5);
  browser.signInToPortal(await passwordSignIn("stepup@example.com"));
  const callback = (await browser.follow(back)).location;
  expect(callback?.href.startsWith(CALLBACK)).toBe(true);
  // this account has no second factor: the app learns that the level it asked for was not reached
  expect((await redeem(config, callback ?? new URL(CALLBACK), started)).claims()).toMatchObject({ acr: "sfa", amr: ["pwd"] });
});

test("acr_values=phr and the account has a passkey: the sign-in page asks for it, a password sign-in is sent back there, the passkey's is taken", async () => {
  const { utoken } = await registerUser("passkey-step@example.com");
  const device = new SoftAuthenticator(provider.origin);
  expect((await addPasskey(utoken, device)).code).toBe(0);
  const { config, browser } = await appAndPasswordSignIn("passkey-step@example.com");

  const started = await authorization(config, { acr_values: "phr" });
  const asked = (await browser.follow(started.url.href)).location;
  expect(asked?.pathname).toBe("/en/login");
  expect(asked?.searchParams.get("reauth")).toBe("1");
  expect(asked?.searchParams.get("stepup")).toBe("passkey");
  const back = asked?.searchParams.get("r") ?? "";

  // a password sign-in made for this interaction does not meet it: back to the passkey step
  backend.advance(5);
  browser.signInToPortal(await passwordSignIn("passkey-step@example.com"));
  const again = (await browser.follow(back)).location;
  expect(again?.pathname).toBe("/en/login");
  expect(again?.searchParams.get("stepup")).toBe("passkey");

  backend.advance(5);
  const withPasskey = await signInWithPasskey(device);
  expect(withPasskey.code).toBe(0);
  browser.signInToPortal(String(withPasskey.data?.utoken));
  const callback = (await browser.follow(back)).location;
  expect(callback?.href.startsWith(CALLBACK)).toBe(true);
  const claims = (await redeem(config, callback ?? new URL(CALLBACK), started)).claims();
  expect(claims).toMatchObject({ acr: "phr" });
  expect(claims?.amr).toEqual(expect.arrayContaining(["hwk"]));
});

test("acr_values=phr for an account without a passkey: the fresh sign-in is the ordinary one, and acr says sfa", async () => {
  await registerUser("no-passkey@example.com");
  const { config, browser } = await appAndPasswordSignIn("no-passkey@example.com");
  // a sign-in from before the app asked
  backend.advance(60);
  const started = await authorization(config, { acr_values: "phr" });
  const asked = (await browser.follow(started.url.href)).location;
  expect(asked?.searchParams.get("reauth")).toBe("1");
  expect(asked?.searchParams.has("stepup")).toBe(false);

  backend.advance(5);
  browser.signInToPortal(await passwordSignIn("no-passkey@example.com"));
  const callback = (await browser.follow(asked?.searchParams.get("r") ?? "")).location;
  expect(callback?.href.startsWith(CALLBACK)).toBe(true);
  expect((await redeem(config, callback ?? new URL(CALLBACK), started)).claims()).toMatchObject({ acr: "sfa" });
});

test("acr_values that mfa meets too ask for no passkey, even of an account with one", async () => {
  const { utoken } = await registerUser("either@example.com");
  expect((await addPasskey(utoken, new SoftAuthenticator(provider.origin))).code).toBe(0);
  const { config, browser } = await appAndPasswordSignIn("either@example.com");
  backend.advance(60);
  const asked = (await browser.follow((await authorization(config, { acr_values: "mfa phr" })).url.href)).location;
  expect(asked?.searchParams.get("reauth")).toBe("1");
  expect(asked?.searchParams.has("stepup")).toBe(false);
});
