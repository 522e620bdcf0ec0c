import { autoRegistrationOptionsResponse, passkeyListResponse, registrationOptionsResponse } from "@/lib/contract/passkeys";
import { call, OPEN_TIMEOUT, outboxFiles, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { proveWithPassword, signInWithPasskey, SoftAuthenticator } from "./support/passkeys";

/**
 * The automatic passkey upgrade (conditional create): right after a password sign-in the browser's
 * password manager makes a passkey without a prompt, so its answer has no user presence (UP=false).
 * Only this ceremony takes such an answer; a normal registration still requires presence.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const CHROME_LINUX = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36" };

async function signInWithPassword(email: string): Promise<string> {
  const reply = await call("POST", "/v1/login", { body: { email, password: "secret-pass1" }, headers: CHROME_LINUX });
  expect(reply.code).toBe(0);
  return String(reply.data?.utoken);
}

async function upgradeOptions(token: string) {
  const reply = await call("POST", "/v1/user/passkey/auto-register/options", { token, body: {}, headers: CHROME_LINUX });
  return { reply, upgrade: reply.code === 0 ? autoRegistrationOptionsResponse.parse(reply.data) : null };
}

async function passkeysOf(token: string) {
  return passkeyListResponse.parse((await call("GET", "/v1/user/passkeys", { token })).data).passkeys;
}

describe("the automatic passkey upgrade", () => {
  test("after a password sign-in an answer without user presence adds a passkey named after the device, with its event and notice", async () => {
    const email = "upgrader@example.com";
    await registerUser(email);
    const token = await signInWithPassword(email);
    const { upgrade } = await upgradeOptions(token);
    if (!upgrade?.enabled) throw new Error("the upgrade should be on by default");
    expect(upgrade.options.authenticatorSelection).toMatchObject({ residentKey: "required" });
    const device = new SoftAuthenticator();
    const mailsBefore = outboxFiles(email).length;

    const added = await call("POST", "/v1/user/passkey/auto-register", { token, body: { attempt: upgrade.attempt, response: device.create(upgrade.options, { up: false, uv: false }) }, headers: CHROME_LINUX });
    expect(added).toMatchObject({ status: 200, code: 0, data: { name: "Linux · Chrome 156" } });
    expect(await passkeysOf(token)).toEqual([expect.objectContaining({ name: "Linux · Chrome 156" })]);
    const mails = outboxFiles(email).slice(mailsBefore);
    expect(mails.map((mail) => mail.text)).toEqual([expect.stringContaining("A passkey was added to your account")]);
    const activity = await call("GET", "/v1/user/security/activity", { token });
    expect(JSON.stringify(activity.data)).toContain('"kind":"passkey_added"');
    // the passkey so made signs in like any other
    expect(await signInWithPasskey(device)).toMatchObject({ code: 0 });
  });

  test("a normal registration still requires user presence, and its attempt cannot be answered in the upgrade", async () => {
    const { utoken: token } = await registerUser("present@example.com");
    await proveWithPassword(token);
    const normal = registrationOptionsResponse.parse((await call("POST", "/v1/user/passkey/register/options", { token, body: {} })).data);
    const device = new SoftAuthenticator();
    const absent = device.create(normal.options, { up: false });
    expect(await call("POST", "/v1/user/passkey/register", { token, body: { attempt: normal.attempt, name: "Laptop", response: absent } })).toMatchObject({ status: 401, code: 20701 });
    const again = registrationOptionsResponse.parse((await call("POST", "/v1/user/passkey/register/options", { token, body: {} })).data);
    expect(await call("POST", "/v1/user/passkey/auto-register", { token, body: { attempt: again.attempt, response: device.create(again.options, { up: false }) } })).toMatchObject({ status: 400, code: 20702 });
    expect(await passkeysOf(token)).toEqual([]);
  });

  test("only right after a password sign-in: a session two minutes old, or opened without a password, is 20113", async () => {
    const email = "late@example.com";
    const { utoken: registered } = await registerUser(email);
    // a registration's session was opened without a password sign-in
    expect((await upgradeOptions(registered)).reply).toMatchObject({ status: 403, code: 20113 });
    const token = await signInWithPassword(email);
    backend.advance(121);
    expect((await upgradeOptions(token)).reply).toMatchObject({ status: 403, code: 20113 });
  });

  test("the setting: on by default, turned off it stops the upgrade and refuses an attempt already handed out", async () => {
    const email = "settings@example.com";
    await registerUser(email);
    const token = await signInWithPassword(email);
    expect(await call("GET", "/v1/user/passkey/upgrade", { token })).toMatchObject({ code: 0, data: { enabled: true } });
    const { upgrade } = await upgradeOptions(token);
    if (!upgrade?.enabled) throw new Error("the upgrade should be on by default");

    expect(await call("PATCH", "/v1/user/passkey/upgrade", { token, body: { enabled: false } })).toMatchObject({ code: 0, data: { enabled: false } });
    expect(await call("GET", "/v1/user/passkey/upgrade", { token })).toMatchObject({ code: 0, data: { enabled: false } });
    expect((await upgradeOptions(token)).upgrade).toEqual({ enabled: false });
    const late = await call("POST", "/v1/user/passkey/auto-register", { token, body: { attempt: upgrade.attempt, response: new SoftAuthenticator().create(upgrade.options, { up: false }) } });
    expect(late).toMatchObject({ status: 401, code: 20701 });
    expect(await passkeysOf(token)).toEqual([]);

    expect(await call("PATCH", "/v1/user/passkey/upgrade", { token, body: { enabled: "no" } })).toMatchObject({ status: 400 });
    expect(await call("GET", "/v1/user/passkey/upgrade")).toMatchObject({ code: 20101 });
  });
});
