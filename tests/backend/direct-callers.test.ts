import { banIp, createEnterprise } from "@/lib/backend/cli/commands";
import { hashPassword } from "@/lib/backend/services/passwords";
import { createUser } from "@/lib/backend/services/users";
import { OPEN_TIMEOUT, startBackend, stopBackend, type Backend } from "./support/harness";
import { startRemote, type Remote, type RemoteClient } from "./support/remote";
import { askCodeVia as askCode, ticketVia } from "./support/remote-tickets";

/** A register code request from this client. */
const askCodeVia = (client: RemoteClient, email: string) => askCode(client, email, "register");

/**
 * The services' per-IP rules against direct callers: plain HTTP clients on real sockets, from
 * 127.0.0.2, 127.0.0.3 … (each a different client to the server), with no portal in between
 * and no proxy trusted (TRUST_PROXY=0). Loopback gets no free pass.
 */

let backend: Backend;
let remote: Remote;
beforeAll(async () => {
  backend = await startBackend({ TRUST_PROXY: "0" });
  remote = await startRemote();
}, OPEN_TIMEOUT);
afterAll(async () => {
  await remote?.server.close();
  await stopBackend();
});

const PASSWORD = "right-pass1";
const DAY = 86_400;

test("a banned address is refused on login, register, code requests and enterprise lookups; its neighbour is not", async () => {
  await createUser({ email: "victim@example.com", passwordHash: await hashPassword(PASSWORD) });
  await banIp("127.0.0.2");
  const banned = remote.from("127.0.0.2");
  const neighbour = remote.from("127.0.0.3");
  const nonce = "n".repeat(43);

  const calls: Array<[string, unknown]> = [
    ["/v1/login", { email: "victim@example.com", password: PASSWORD }],
    ["/v1/register", { email: "new@example.com", password: PASSWORD, captcha: "123456", nonce }],
    ["/v1/captcha", { receiver: "new@example.com", nonce, type: "register", ticket: "t".repeat(43) }],
    ["/v1/enterprise/verify/account", { account: "ACME-01" }],
  ];
  for (const [path, body] of calls) {
    expect(await banned.call("POST", path, { body })).toMatchObject({ status: 403, code: 20104 });
  }
  expect(await neighbour.call("POST", "/v1/login", { body: { email: "victim@example.com", password: PASSWORD } })).toMatchObject({ status: 200, code: 0 });
  expect((await neighbour.call("POST", "/v1/enterprise/verify/account", { body: { account: "ACME-01" } })).code).toBe(20202);
  // what a banned client says about itself changes nothing
  const spoofed = await banned.call("POST", "/v1/login", {
    body: { email: "victim@example.com", password: PASSWORD },
    headers: { "x-forwarded-for": "127.0.0.3", "x-client-ip": "127.0.0.3", "x-real-ip": "127.0.0.3" },
  });
  expect(spoofed).toMatchObject({ code: 20104 });
});

test("55 code requests for 55 addresses from one address: 50 are mailed, the rest → 429; another address still gets codes", async () => {
  const sender = remote.from("127.0.0.4");
  for (let i = 1; i <= 50; i++) expect((await askCodeVia(sender, `cap-${i}@example.com`)).code).toBe(0);
  for (let i = 51; i <= 55; i++) {
    expect(await askCodeVia(sender, `cap-${i}@example.com`)).toMatchObject({ status: 429, code: 10004, data: { retryAfter: DAY } });
  }
  expect((await askCodeVia(remote.from("127.0.0.5"), "cap-51@example.com")).code).toBe(0);
});

test("40 accounts × 1 wrong password from one address: from the 11th a verification is needed, from the 31st it waits", async () => {
  const sprayer = remote.from("127.0.0.6");
  const emails = Array.from({ length: 40 }, (_, i) => `spray-${i}@example.com`);
  const passwordHash = await hashPassword(PASSWORD);
  for (const email of emails) await createUser({ email, passwordHash });

  const wrong = (email: string, ticket?: string) => sprayer.call("POST", "/v1/login", { body: { email, password: "guess-123", ticket } });
  for (const email of emails.slice(0, 10)) expect(await wrong(email)).toMatchObject({ status: 401, code: 20205 });
  // each account has seen one failure only, yet the address now needs a verification …
  expect(await wrong(emails[10] ?? "")).toMatchObject({ status: 428, code: 20106 });
  // … and with one for every try, the 31st failure of the hour is refused before any password is checked
  for (const email of emails.slice(10, 30)) expect((await wrong(email, await ticketVia(sprayer, "password_login", email))).code).toBe(20205);
  const late = emails[30] ?? "";
  expect(await wrong(late, await ticketVia(sprayer, "password_login", late))).toMatchObject({ status: 429, code: 10004, data: { retryAfter: 3600 } });

  // the accounts' owners elsewhere sign in as usual
  expect((await remote.from("127.0.0.7").call("POST", "/v1/login", { body: { email: late, password: PASSWORD } })).code).toBe(0);
  backend.advance(3600);
});

test("100 enterprise account IDs from one address: the 61st lookup of the hour → 429; another address still gets answers", async () => {
  await createEnterprise({ account: "REAL-CO", email: "it@real-co.example", name: "Real Co" });
  const prober = remote.from("127.0.0.8");
  const lookup = (client: RemoteClient, account: string) => client.call("POST", "/v1/enterprise/verify/account", { body: { account } });
  for (let i = 1; i <= 60; i++) expect((await lookup(prober, `GUESS-${i}`)).code).toBe(20202);
  for (let i = 61; i <= 100; i++) expect(await lookup(prober, `GUESS-${i}`)).toMatchObject({ status: 429, code: 10004 });
  expect(await lookup(prober, "REAL-CO")).toMatchObject({ code: 10004 });
  expect(await lookup(remote.from("127.0.0.9"), "REAL-CO")).toMatchObject({ code: 0, data: { account: "REAL-CO", name: "Real Co" } });
});

describe("who may name another client", () => {
  const login = { email: "named@example.com", password: PASSWORD };
  beforeAll(async () => {
    await createUser({ email: login.email, passwordHash: await hashPassword(PASSWORD) });
    await banIp("127.0.1.1");
  });
  afterEach(() => backend.reconfigure({ TRUST_PROXY: "0", PORTAL_SERVICES_KEY: undefined }));

  test("X-Forwarded-For is believed only with TRUST_PROXY, and only its rightmost hop", async () => {
    const proxy = remote.from("127.0.1.2");
    // no proxy is trusted: the header is the caller's own claim, and the socket decides
    expect((await remote.from("127.0.1.1").call("POST", "/v1/login", { body: login, headers: { "x-forwarded-for": "127.0.1.2" } })).code).toBe(20104);
    expect((await proxy.call("POST", "/v1/login", { body: login, headers: { "x-forwarded-for": "127.0.1.1" } })).code).toBe(0);

    backend.reconfigure({ TRUST_PROXY: "1" });
    // the proxy appended the address it saw: that is the client
    expect((await proxy.call("POST", "/v1/login", { body: login, headers: { "x-forwarded-for": "198.51.100.7, 127.0.1.1" } })).code).toBe(20104);
    // what the client wrote further left is ignored
    expect((await proxy.call("POST", "/v1/login", { body: login, headers: { "x-forwarded-for": "127.0.1.1, 198.51.100.7" } })).code).toBe(0);
  });

  test("x-client-ip is believed only from a caller with the portal's key", async () => {
    const banned = remote.from("127.0.1.1");
    const portal = remote.from("127.0.1.3");
    const naming = (ip: string, key?: string) => ({ "x-client-ip": ip, ...(key ? { "x-portal-key": key } : {}) });
    expect((await banned.call("POST", "/v1/login", { body: login, headers: naming("127.0.1.9") })).code).toBe(20104);

    backend.reconfigure({ PORTAL_SERVICES_KEY: "k".repeat(43) });
    expect((await banned.call("POST", "/v1/login", { body: login, headers: naming("127.0.1.9", "wrong-key") })).code).toBe(20104);
    expect((await portal.call("POST", "/v1/login", { body: login, headers: naming("127.0.1.1", "k".repeat(43)) })).code).toBe(20104);
    expect((await portal.call("POST", "/v1/login", { body: login, headers: naming("127.0.1.9", "k".repeat(43)) })).code).toBe(0);
  });
});
