import { hashPassword } from "@/lib/backend/services/passwords";
import { createUser } from "@/lib/backend/services/users";
import { lastCodeFor, mailIds, OPEN_TIMEOUT, startBackend, stopBackend, type Backend, type Reply } from "./support/harness";
import { startRemote, type Remote, type RemoteClient } from "./support/remote";
import { askCodeVia, stateCounts, ticketVia } from "./support/remote-tickets";

/**
 * "Does this email have an account?" asked by a direct caller of the services, as an attacker
 * would (plain HTTP from 127.0.0.x, no portal, TRUST_PROXY=0): made-up codes never tell, and
 * the answers that do tell cost a verification and a point of the IP's and the email's budget.
 */
jest.setTimeout(120_000);

let backend: Backend;
let remote: Remote;
const PASSWORD = "right-pass1";
const NONCE = "n".repeat(43);
const known = Array.from({ length: 100 }, (_, i) => `member-${i}@example.com`);

beforeAll(async () => {
  backend = await startBackend({ TRUST_PROXY: "0" });
  remote = await startRemote();
  const passwordHash = await hashPassword(PASSWORD);
  for (const email of known) await createUser({ email, passwordHash });
}, OPEN_TIMEOUT);
afterAll(async () => {
  await remote?.server.close();
  await stopBackend();
});
// every test starts with fresh hourly budgets
afterEach(() => backend.advance(3600));

/** What a caller can compare between two answers. */
const seen = (reply: Reply) => ({ status: reply.status, code: reply.code, message: reply.message });

test("register with made-up codes for 100 registered emails: never 409, nothing created; the same answers as for new emails", async () => {
  const attacker = remote.from("127.0.0.2");
  const before = await stateCounts();
  const register = (email: string) => attacker.call("POST", "/v1/register", { body: { email, password: PASSWORD, captcha: "123456", nonce: NONCE } });
  const answers: Reply[] = [];
  for (const email of known) answers.push(await register(email));
  expect(answers.filter((reply) => reply.code === 20201)).toHaveLength(0);
  // the code is checked first (20204), and code checks are capped per IP (60 an hour, then 429)
  expect(answers.slice(0, 60).every((reply) => reply.code === 20204)).toBe(true);
  expect(answers.slice(60).every((reply) => reply.status === 429 && reply.code === 10004)).toBe(true);
  expect(await stateCounts()).toEqual(before);

  // a new address from another client gets exactly what a registered one gets
  const other = remote.from("127.0.0.3");
  expect(seen(await other.call("POST", "/v1/register", { body: { email: "member-0@example.com", password: PASSWORD, captcha: "123456", nonce: NONCE } }))).toEqual(
    seen(await other.call("POST", "/v1/register", { body: { email: "brand-new@example.com", password: PASSWORD, captcha: "123456", nonce: NONCE } })),
  );
  expect(await stateCounts()).toEqual(before);
});

test("only the right code for that email may say the account exists (it was made meanwhile)", async () => {
  const client = remote.from("127.0.0.3");
  const email = "race@example.com";
  const mails = await mailIds(email);
  const verified = await client.call("POST", "/v1/verify/email", { body: { email } });
  const ticket = await ticketVia(client, "register", email);
  expect((await client.call("POST", "/v1/captcha", { body: { receiver: email, nonce: verified.data?.nonce, type: "register", ticket } })).code).toBe(0);
  const code = await lastCodeFor(email, mails);
  await createUser({ email, passwordHash: await hashPassword(PASSWORD) });
  const body = { email, password: "other-pass1", captcha: code, nonce: verified.data?.nonce };
  expect(await client.call("POST", "/v1/register", { body })).toMatchObject({ status: 409, code: 20201 });
});

test("find password and its check with unknown emails: 20204 like a known one, nothing mailed or changed", async () => {
  const attacker = remote.from("127.0.0.2");
  const before = await stateCounts();
  for (let i = 0; i < 20; i++) {
    const body = { email: `nobody-${i}@example.com`, captcha: "123456", nonce: NONCE };
    const knownBody = { ...body, email: known[i] };
    expect(seen(await attacker.call("POST", "/v1/find/password/check", { body }))).toEqual(seen(await attacker.call("POST", "/v1/find/password/check", { body: knownBody })));
    expect(seen(await attacker.call("POST", "/v1/find/password", { body: { ...body, password: "new-pass-2" } }))).toMatchObject({ status: 400, code: 20204 });
  }
  expect(await stateCounts()).toEqual(before);
  // the known accounts keep their password
  expect((await remote.from("127.0.0.3").call("POST", "/v1/login", { body: { email: known[0], password: PASSWORD } })).code).toBe(0);
});

test("code requests that would say 'no account': a verification each, then 20 per IP an hour; after that 429 for every email", async () => {
  const attacker = remote.from("127.0.0.4");
  const before = await stateCounts();
  // without a verification nothing is said
  const bare = await attacker.call("POST", "/v1/verify/email", { body: { email: "unknown-0@example.com" } });
  for (const type of ["findpwd", "login"]) {
    const reply = await attacker.call("POST", "/v1/captcha", { body: { receiver: "unknown-0@example.com", nonce: bare.data?.nonce, type } });
    expect(reply).toMatchObject({ status: 428, code: 20106 });
  }
  // with one: the SPEC's answer, 20 times (password recovery and code sign-in share the budget)
  for (let i = 0; i < 20; i++) {
    expect(await askCodeVia(attacker, `unknown-${i}@example.com`, i % 2 ? "login" : "findpwd")).toMatchObject({ status: 404, code: 20203 });
  }
  // then 429, for a registered email as for an unknown one: the refusal tells nothing
  const unknown = await askCodeVia(attacker, "unknown-20@example.com", "findpwd");
  const registered = await askCodeVia(attacker, known[1] ?? "", "findpwd");
  expect(unknown).toMatchObject({ status: 429, code: 10004, data: { retryAfter: 3600 } });
  expect(seen(registered)).toEqual(seen(unknown));
  expect(seen(await askCodeVia(attacker, known[2] ?? "", "register"))).toEqual(seen(unknown));
  expect((await stateCounts()).mails).toBe(before.mails);
  // another client still gets its answers
  expect((await askCodeVia(remote.from("127.0.0.5"), "unknown-20@example.com", "findpwd")).code).toBe(20203);
});

test("one email asked about from many addresses: 5 answers an hour, then 429 wherever the caller is", async () => {
  const email = "asked-often@example.com";
  const clients: RemoteClient[] = Array.from({ length: 6 }, (_, i) => remote.from(`127.0.1.${i + 10}`));
  for (const client of clients.slice(0, 5)) expect((await askCodeVia(client, email, "login")).code).toBe(20203);
  expect(await askCodeVia(clients[5] ?? remote.from("127.0.1.99"), email, "login")).toMatchObject({ status: 429, code: 10004 });
  // the hour over, the email may be asked about again
  backend.advance(3600);
  expect((await askCodeVia(clients[5] ?? remote.from("127.0.1.99"), email, "login")).code).toBe(20203);
});

test("password sign-in: unknown email and wrong password answer alike until a verification; then 20 true answers an hour", async () => {
  const attacker = remote.from("127.0.0.6");
  const signIn = (email: string, ticket?: string) => attacker.call("POST", "/v1/login", { body: { email, password: "guess-1234", ticket } });
  // (fewer than 10 failures: the IP has not been asked for a verification yet)
  for (let i = 0; i < 3; i++) expect(seen(await signIn(`ghost-${i}@example.com`))).toEqual(seen(await signIn(known[50 + i] ?? "")));
  expect(seen(await signIn("ghost-0@example.com"))).toMatchObject({ status: 401, code: 20205 });

  // a passed verification buys the SPEC's "Account does not exist", one lookup each, right email or not
  for (let i = 0; i < 10; i++) {
    expect((await signIn(`ghost-v${i}@example.com`, await ticketVia(attacker, "password_login", `ghost-v${i}@example.com`))).code).toBe(20202);
    expect((await signIn(known[60 + i] ?? "", await ticketVia(attacker, "password_login", known[60 + i] ?? ""))).code).toBe(20205);
  }
  // the IP's 20 are spent: verified or not, an unknown email now gets 20205 (and the code request 429)
  expect((await signIn("ghost-late@example.com", await ticketVia(attacker, "password_login", "ghost-late@example.com"))).code).toBe(20205);
  expect((await askCodeVia(attacker, "ghost-late@example.com", "findpwd")).code).toBe(10004);
});
