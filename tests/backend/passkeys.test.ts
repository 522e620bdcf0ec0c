import { eq } from "drizzle-orm";
import { banIp, setUserStatus, unbanIp } from "@/lib/backend/cli/commands";
import { getDb } from "@/lib/backend/db/client";
import { passkeyChallenges, passkeys, sessions, signInFailures } from "@/lib/backend/db/schema";
import { sha256Hex } from "@/lib/backend/crypto";
import { passkeyListResponse } from "@/lib/contract/passkeys";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { authenticationOptionsResponse } from "@/lib/contract/passkeys";
import { addPasskey, proveWithPassword, registrationOptions, signInOptions, signInWithPasskey, SoftAuthenticator } from "./support/passkeys";

/** Passkeys: added by a signed-in user, a full sign-in by themselves, and every bad answer refused with a 4xx. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function list(token: string) {
  const reply = await call("GET", "/v1/user/passkeys", { token });
  expect(reply.code).toBe(0);
  return passkeyListResponse.parse(reply.data).passkeys;
}

async function counterOf(id: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ counter: passkeys.counter }).from(passkeys).where(eq(passkeys.id, id));
  return Number(row?.counter);
}

describe("a passkey as a way in", () => {
  const device = new SoftAuthenticator();
  let token: string;
  let uid: string;

  beforeAll(async () => {
    ({ utoken: token, uid } = await registerUser("keyholder@example.com"));
  });

  test("added from a session, named, listed; it signs in alone, a full sign-in, even with device security on", async () => {
    const added = await addPasskey(token, device, "  Work laptop ");
    expect(added).toMatchObject({ status: 200, code: 0, data: { name: "Work laptop", lastUsedAt: null, backedUp: false } });
    expect(await list(token)).toEqual([expect.objectContaining({ name: "Work laptop", createdAt: "2026-03-01T08:00:00.000Z", lastUsedAt: null })]);

    expect((await call("PATCH", "/v1/user/device/security", { token, body: { enabled: true } })).code).toBe(0);
    const logBefore = Number((await call("GET", "/v1/user/session/log", { token })).data?.total);
    backend.advance(60);
    const signedIn = await signInWithPasskey(device, {}, { "x-device-id": "never-seen-device-0123456789" });
    expect(signedIn).toMatchObject({ status: 200, code: 0, data: { uid, enterprise: false } });
    // what the browser is told to keep its passkeys in step (WebAuthn signals)
    const credentialId = Buffer.from(device.credentials[0]?.id ?? []).toString("base64url");
    const handle = Buffer.from(uid).toString("base64url");
    const signals = { rpId: "localhost", userId: handle, name: "keyholder@example.com", displayName: "keyholder@example.com", credentialIds: [credentialId] };
    expect(signedIn.data?.signals).toEqual(signals);
    expect(passkeyListResponse.parse((await call("GET", "/v1/user/passkeys", { token })).data).signals).toEqual(signals);
    const fresh = String(signedIn.data?.utoken);
    expect(await call("GET", "/v1/user/basic", { token: fresh })).toMatchObject({ code: 0, data: { email: "keyholder@example.com" } });
    expect(Number((await call("GET", "/v1/user/session/log", { token })).data?.total)).toBe(logBefore + 1);
    expect((await list(token))[0]?.lastUsedAt).toBe("2026-03-01T08:01:00.000Z");
  });

  test("signs in remembered when the caller asks for it (the login form's box), else not", async () => {
    const db = await getDb();
    const sessionOf = async (utoken: unknown) => {
      const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, sha256Hex(String(utoken))));
      return row;
    };
    for (const remember of [true, false, undefined]) {
      const { attempt, options } = await signInOptions();
      const reply = await call("POST", "/v1/login/passkey", { body: { attempt, response: device.get(options), ...(remember === undefined ? {} : { remember }) } });
      expect(reply.code).toBe(0);
      expect((await sessionOf(reply.data?.utoken))?.remember).toBe(remember === true);
    }
  });

  test("an answer is spent with its attempt: a replay is 20702, and the same answer on a new attempt 20701", async () => {
    const { attempt, options } = await signInOptions();
    const response = device.get(options);
    expect((await call("POST", "/v1/login/passkey", { body: { attempt, response } })).code).toBe(0);
    expect(await call("POST", "/v1/login/passkey", { body: { attempt, response } })).toMatchObject({ status: 400, code: 20702 });
    const next = await signInOptions();
    expect(await call("POST", "/v1/login/passkey", { body: { attempt: next.attempt, response } })).toMatchObject({ status: 401, code: 20701 });
  });

  test("an attempt older than five minutes is 20702", async () => {
    const { attempt, options } = await signInOptions();
    backend.advance(301);
    expect(await call("POST", "/v1/login/passkey", { body: { attempt, response: device.get(options) } })).toMatchObject({ status: 400, code: 20702 });
  });

  test("forged, other user's, wrong origin, wrong RP ID, unverified user, counter backwards: 20701, counted, nothing changed", async () => {
    const [key] = await list(token);
    const before = await counterOf(String(key?.id));
    const forger = new SoftAuthenticator();
    const stranger = await registerUser("stranger@example.com");
    await addPasskey(stranger.utoken, forger);
    // the forger's key signs, naming the keyholder's credential
    const { attempt, options } = await signInOptions();
    const forged = { ...forger.get(options), id: String(device.get(options).id) };
    forged.rawId = forged.id;
    const refused = await call("POST", "/v1/login/passkey", { body: { attempt, response: forged } });
    expect(refused).toMatchObject({ status: 401, code: 20701 });
    // a passkey this site knows, answered wrongly, is not "unknown": the browser must keep offering it
    expect(refused.data).toBeFalsy();
    // the keyholder's passkey, claiming the stranger's account
    expect(await signInWithPasskey(device, { userHandle: Buffer.from(stranger.uid).toString("base64url") })).toMatchObject({ code: 20701 });
    expect(await signInWithPasskey(device, { origin: "https://evil.example" })).toMatchObject({ code: 20701 });
    expect(await signInWithPasskey(device, { rpId: "evil.example" })).toMatchObject({ code: 20701 });
    expect(await signInWithPasskey(device, { uv: false })).toMatchObject({ code: 20701 });
    expect(await signInWithPasskey(device, { counter: 1 })).toMatchObject({ status: 401, code: 20701 });
    expect(await counterOf(String(key?.id))).toBe(before);

    const db = await getDb();
    const failures = await db.select().from(signInFailures).where(eq(signInFailures.method, "passkey"));
    expect(failures.filter((row) => row.reason === 20701).length).toBeGreaterThanOrEqual(7);
    // the real one still works, its counter going on from where it was
    expect((await signInWithPasskey(device, { counter: before + 1 })).code).toBe(0);
  });

  test("malformed answers are 4xx, never 5xx", async () => {
    const { attempt, options } = await signInOptions();
    const good = device.get(options);
    expect(await call("POST", "/v1/login/passkey", { raw: "{not json" })).toMatchObject({ status: 400, code: 10001 });
    expect(await call("POST", "/v1/login/passkey", { body: { attempt, response: { ...good, response: { ...good.response, signature: "+/=" } } } })).toMatchObject({ status: 400, code: 10001 });
    const notJson = { ...good, response: { ...good.response, clientDataJSON: Buffer.from("{{").toString("base64url") } };
    expect(await call("POST", "/v1/login/passkey", { body: { attempt, response: notJson } })).toMatchObject({ status: 400, code: 20704 });
    const second = await signInOptions();
    const shortData = { ...good, response: { ...device.get(second.options).response, authenticatorData: "AAAA" } };
    expect(await call("POST", "/v1/login/passkey", { body: { attempt: second.attempt, response: shortData } })).toMatchObject({ status: 400, code: 20704 });

    const reg = await registrationOptions(token);
    const created = new SoftAuthenticator().create(reg.options);
    const badCbor = { ...created, response: { ...created.response, attestationObject: Buffer.from([0xa3, 0x63, 0x66, 0x6d]).toString("base64url") } };
    expect(await call("POST", "/v1/user/passkey/register", { token, body: { attempt: reg.attempt, name: "x", response: badCbor } })).toMatchObject({ status: 400, code: 20704 });
    expect(await list(token)).toHaveLength(1);
  });

  test("registration: bound to its session, checked for origin, RP ID and user verification", async () => {
    const other = await registerUser("other-session@example.com");
    const { attempt, options } = await registrationOptions(token);
    const elsewhere = await call("POST", "/v1/user/passkey/register", { token: other.utoken, body: { attempt, name: "x", response: new SoftAuthenticator().create(options) } });
    expect(elsewhere).toMatchObject({ status: 400, code: 20702 });
    expect(await addPasskey(token, new SoftAuthenticator(), "x", { origin: "https://evil.example" })).toMatchObject({ status: 401, code: 20701 });
    expect(await addPasskey(token, new SoftAuthenticator(), "x", { rpId: "evil.example" })).toMatchObject({ code: 20701 });
    expect(await addPasskey(token, new SoftAuthenticator(), "x", { uv: false })).toMatchObject({ code: 20701 });
    expect(await addPasskey(token, new SoftAuthenticator(), " ")).toMatchObject({ status: 400, code: 10001 });
    expect(await list(token)).toHaveLength(1);
  });

  test("renamed and removed by their owner only; a removed passkey signs in no more", async () => {
    const stranger = await registerUser("rename-stranger@example.com");
    const [key] = await list(token);
    const id = String(key?.id);
    expect(await call("PATCH", `/v1/user/passkey/${id}`, { token: stranger.utoken, body: { name: "mine" } })).toMatchObject({ status: 404, code: 20705 });
    await proveWithPassword(stranger.utoken);
    expect(await call("DELETE", `/v1/user/passkey/${id}`, { token: stranger.utoken })).toMatchObject({ status: 404, code: 20705 });
    expect(await call("DELETE", "/v1/user/passkey/not-a-uuid", { token })).toMatchObject({ status: 400, code: 10001 });
    expect(await call("PATCH", `/v1/user/passkey/${id}`, { token, body: { name: "Phone" } })).toMatchObject({ code: 0, data: { name: "Phone" } });
    backend.advance(301);
    expect(await call("DELETE", `/v1/user/passkey/${id}`, { token })).toMatchObject({ status: 403, code: 20113 });
    await proveWithPassword(token);
    expect(await call("DELETE", `/v1/user/passkey/${id}`, { token })).toMatchObject({ code: 0 });
    expect(await list(token)).toEqual([]);
    expect(passkeyListResponse.parse((await call("GET", "/v1/user/passkeys", { token })).data).signals?.credentialIds).toEqual([]);
    // the browser may be told to forget it (signalUnknownCredential)
    expect(await signInWithPasskey(device)).toMatchObject({ status: 401, code: 20701, data: { unknownCredential: true } });
    // the unknown passkey's answer spent its attempt all the same: a replay is 20702
    const { attempt, options } = await signInOptions();
    const response = device.get(options);
    expect(await call("POST", "/v1/login/passkey", { body: { attempt, response } })).toMatchObject({ status: 401, code: 20701 });
    expect(await call("POST", "/v1/login/passkey", { body: { attempt, response } })).toMatchObject({ status: 400, code: 20702 });
  });
});

describe("step-up", () => {
  test("adding needs a recent proof; a passkey of one's own is one, another's is refused (20701)", async () => {
    const { utoken } = await registerUser("stepper@example.com");
    backend.advance(301);
    expect(await call("POST", "/v1/user/passkey/register/options", { token: utoken, body: {} })).toMatchObject({ status: 403, code: 20113 });
    const device = new SoftAuthenticator();
    expect((await addPasskey(utoken, device)).code).toBe(0);
    backend.advance(301);
    expect(await call("GET", "/v1/user/step-up", { token: utoken })).toMatchObject({ data: { proven: false, methods: ["password", "passkey"] } });

    const foreign = new SoftAuthenticator();
    const other = await registerUser("stepper-other@example.com");
    expect((await addPasskey(other.utoken, foreign)).code).toBe(0);
    const first = authenticationOptionsResponse.parse((await call("POST", "/v1/user/step-up/passkey/options", { token: utoken, body: {} })).data);
    expect(await call("POST", "/v1/user/step-up/passkey", { token: utoken, body: { attempt: first.attempt, response: foreign.get(first.options) } })).toMatchObject({ status: 401, code: 20701 });

    const second = authenticationOptionsResponse.parse((await call("POST", "/v1/user/step-up/passkey/options", { token: utoken, body: {} })).data);
    expect(second.options.allowCredentials).toHaveLength(1);
    expect(await call("POST", "/v1/user/step-up/passkey", { token: other.utoken, body: { attempt: second.attempt, response: device.get(second.options) } })).toMatchObject({ code: 20702 });
    const third = authenticationOptionsResponse.parse((await call("POST", "/v1/user/step-up/passkey/options", { token: utoken, body: {} })).data);
    expect(await call("POST", "/v1/user/step-up/passkey", { token: utoken, body: { attempt: third.attempt, response: device.get(third.options) } })).toMatchObject({ code: 0, data: { method: "passkey" } });
    expect(await call("GET", "/v1/user/step-up", { token: utoken })).toMatchObject({ data: { proven: true } });
  });
});

describe("limits and account rules", () => {
  test("twenty passkeys at most: the options for the 21st are refused with 20703", async () => {
    const { utoken } = await registerUser("collector@example.com");
    const device = new SoftAuthenticator();
    for (let n = 0; n < 20; n += 1) expect((await addPasskey(utoken, device, `Key ${n}`)).code).toBe(0);
    expect(await call("POST", "/v1/user/passkey/register/options", { token: utoken, body: {} })).toMatchObject({ status: 409, code: 20703 });
    expect(await list(utoken)).toHaveLength(20);
  });

  test("inside a frame: an allowed host's page may frame the sign-in, another's may not", async () => {
    backend.reconfigure({ EMBED_ALLOWED_ORIGINS: "https://app.example" });
    try {
      const { utoken } = await registerUser("framed-key@example.com");
      const device = new SoftAuthenticator();
      expect((await addPasskey(utoken, device)).code).toBe(0);
      expect(await signInWithPasskey(device, { topOrigin: "https://evil.example" })).toMatchObject({ status: 401, code: 20701 });
      expect((await signInWithPasskey(device, { topOrigin: "https://app.example" })).code).toBe(0);
    } finally {
      backend.reconfigure({ EMBED_ALLOWED_ORIGINS: undefined });
    }
  });

  test("a banned address gets 20104 for its options, and nothing is stored; next door and, lifted, the same address sign in", async () => {
    const { utoken } = await registerUser("banned-address@example.com");
    const device = new SoftAuthenticator();
    expect((await addPasskey(utoken, device)).code).toBe(0);
    const db = await getDb();
    const stored = async () => (await db.select({ id: passkeyChallenges.id }).from(passkeyChallenges)).length;
    await banIp("198.51.100.0/24");
    const before = await stored();
    expect(await call("POST", "/v1/login/passkey/options", { body: {}, headers: fromIp("198.51.100.9") })).toMatchObject({ status: 403, code: 20104 });
    expect(await call("POST", "/v1/login/passkey/options", { body: {}, headers: fromIp("::ffff:198.51.100.9") })).toMatchObject({ status: 403, code: 20104 });
    expect(await stored()).toBe(before);
    expect((await signInWithPasskey(device, {}, fromIp("198.51.101.9"))).code).toBe(0);
    await unbanIp("198.51.100.0/24");
    expect((await signInWithPasskey(device, {}, fromIp("198.51.100.9"))).code).toBe(0);
  });

  test("an address banned between its options and its answer gets 20104 for the answer, and the attempt is spent", async () => {
    const { utoken } = await registerUser("banned-meanwhile@example.com");
    const device = new SoftAuthenticator();
    expect((await addPasskey(utoken, device)).code).toBe(0);
    const { attempt, options } = await signInOptions(fromIp("203.0.113.77"));
    const response = device.get(options);
    await banIp("203.0.113.0/24");
    expect(await call("POST", "/v1/login/passkey", { body: { attempt, response }, headers: fromIp("203.0.113.77") })).toMatchObject({ status: 403, code: 20104 });
    await unbanIp("203.0.113.0/24");
    expect(await call("POST", "/v1/login/passkey", { body: { attempt, response }, headers: fromIp("203.0.113.77") })).toMatchObject({ status: 400, code: 20702 });
    expect((await signInWithPasskey(device, {}, fromIp("203.0.113.77"))).code).toBe(0);
  });

  test("past its 300 options an hour an address is throttled (10004), a banned one still hears 20104", async () => {
    const ask = (ip: string) => call("POST", "/v1/login/passkey/options", { body: {}, headers: fromIp(ip) });
    for (let n = 0; n < 300; n += 1) expect((await ask("192.0.2.200")).code).toBe(0);
    expect(await ask("192.0.2.200")).toMatchObject({ status: 429, code: 10004 });
    await banIp("192.0.2.200");
    expect(await ask("192.0.2.200")).toMatchObject({ status: 403, code: 20104 });
    await unbanIp("192.0.2.200");
  });

  test("a banned account's passkey gets 20105", async () => {
    const { utoken } = await registerUser("banned-key@example.com");
    const device = new SoftAuthenticator();
    expect((await addPasskey(utoken, device)).code).toBe(0);
    await setUserStatus("banned-key@example.com", "banned");
    expect(await signInWithPasskey(device)).toMatchObject({ status: 403, code: 20105 });
  });

  test("related origins from configuration are accepted; the Host header never is", async () => {
    backend.reconfigure({ PUBLIC_ORIGIN: "https://id.example.com", WEBAUTHN_RP_ID: "example.com", WEBAUTHN_RELATED_ORIGINS: "https://brand.example.org" });
    try {
      const { utoken } = await registerUser("related@example.com");
      const device = new SoftAuthenticator("https://brand.example.org");
      expect((await addPasskey(utoken, device)).code).toBe(0);
      expect((await signInWithPasskey(device)).code).toBe(0);
      expect(await signInWithPasskey(device, { origin: "http://localhost:3000" })).toMatchObject({ code: 20701 });
      const options = await signInOptions({ host: "evil.example" });
      expect(options.options.rpId).toBe("example.com");
    } finally {
      backend.reconfigure({ PUBLIC_ORIGIN: undefined, WEBAUTHN_RP_ID: undefined, WEBAUTHN_RELATED_ORIGINS: undefined });
    }
  });
});
