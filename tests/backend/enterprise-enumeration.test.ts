import { createEnterprise } from "@/lib/backend/cli/commands";
import { hashPassword } from "@/lib/backend/services/passwords";
import { createUser } from "@/lib/backend/services/users";
import { OPEN_TIMEOUT, startBackend, stopBackend, type Backend, type Reply } from "./support/harness";
import { startRemote, type Remote, type RemoteClient } from "./support/remote";
import { stateCounts } from "./support/remote-tickets";

/**
 * Enterprise sign-in as an attacker calls it directly (plain HTTP from 127.0.0.x, TRUST_PROXY=0):
 * an unknown account ID must answer exactly as a wrong password does, and each address may name
 * only so many account IDs an hour, by lookup or by sign-in.
 */
jest.setTimeout(120_000);

let backend: Backend;
let remote: Remote;
let acme: { account: string; email: string; password: string };
beforeAll(async () => {
  backend = await startBackend({ TRUST_PROXY: "0" });
  remote = await startRemote();
  acme = await createEnterprise({ account: "ACME-01", email: "boss@acme.test", name: "Acme Lasers" });
  await createEnterprise({ account: "GLOBEX", email: "hank@globex.test", name: "Globex" });
  await createUser({ email: "consumer@example.com", passwordHash: await hashPassword("consumer-pass1") });
}, OPEN_TIMEOUT);
afterAll(async () => {
  await remote?.server.close();
  await stopBackend();
});
afterEach(() => backend.advance(3600));

const signIn = (client: RemoteClient, body: { account: string; email: string; password: string }) => client.call("POST", "/v1/enterprise/login", { body });
/** Everything a caller sees of an answer but the request id. */
const seen = (reply: Reply) => ({ status: reply.status, code: reply.code, message: reply.message, data: reply.data });

test("an unknown account ID, a stranger's email and a wrong password get one identical answer; nothing changes", async () => {
  const attacker = remote.from("127.0.0.2");
  const before = await stateCounts();
  const wrongPassword = await signIn(attacker, { account: "ACME-01", email: "boss@acme.test", password: "not-it-123" });
  expect(wrongPassword).toMatchObject({ status: 401, code: 20205 });
  const others = [
    { account: "NO-SUCH-CO", email: "boss@acme.test", password: "not-it-123" },
    { account: "NO-SUCH-CO", email: "nobody@nowhere.test", password: "not-it-123" },
    { account: "ACME-01", email: "nobody@nowhere.test", password: "not-it-123" },
    { account: "ACME-01", email: "consumer@example.com", password: "consumer-pass1" },
    { account: "GLOBEX", email: "boss@acme.test", password: acme.password },
  ];
  for (const body of others) expect(seen(await signIn(attacker, body))).toEqual(seen(wrongPassword));
  // the same in the other language
  const zh = (body: object) => attacker.call("POST", "/v1/enterprise/login", { body, headers: { lang: "zh" } });
  const zhUnknown = await zh({ account: "NO-SUCH-CO", email: "x@y.test", password: "p-123456" });
  expect(seen(zhUnknown)).toEqual(seen(await zh({ account: "ACME-01", email: "x@y.test", password: "p-123456" })));
  expect(await stateCounts()).toEqual(before);
  // the account itself is unharmed: its owner signs in from elsewhere (after the hour of failures that ask for a verification)
  backend.advance(3600);
  expect((await signIn(remote.from("127.0.0.3"), { account: "acme-01", email: "boss@acme.test", password: acme.password })).code).toBe(0);
});

test("60 account IDs an hour per address, lookups and sign-ins together: then 429 even for the right password; another address signs in", async () => {
  const prober = remote.from("127.0.0.4");
  for (let i = 0; i < 30; i++) expect((await prober.call("POST", "/v1/enterprise/verify/account", { body: { account: `GUESS-${i}` } })).code).toBe(20202);
  for (let i = 0; i < 30; i++) expect((await signIn(prober, { account: "ACME-01", email: "boss@acme.test", password: acme.password })).code).toBe(0);
  const before = await stateCounts();
  const refused = await signIn(prober, { account: "ACME-01", email: "boss@acme.test", password: acme.password });
  expect(refused).toMatchObject({ status: 429, code: 10004, data: { retryAfter: 3600 } });
  expect(await prober.call("POST", "/v1/enterprise/verify/account", { body: { account: "ACME-01" } })).toMatchObject({ status: 429, code: 10004 });
  expect(await stateCounts()).toEqual(before);
  expect((await signIn(remote.from("127.0.0.5"), { account: "ACME-01", email: "boss@acme.test", password: acme.password })).code).toBe(0);
  // the hour over, the address may try again
  backend.advance(3600);
  expect((await signIn(prober, { account: "ACME-01", email: "boss@acme.test", password: acme.password })).code).toBe(0);
});

test("guessing passwords across account IDs from one address: 10 failures, then a verification for each; no ID is told apart", async () => {
  const guesser = remote.from("127.0.0.6");
  const real = [];
  for (let k = 0; k < 5; k++) real.push(await createEnterprise({ account: `REAL-${k}`, email: `it-${k}@real.test`, name: `Real ${k}` }));
  const answers: Reply[] = [];
  for (const { account, email } of real) {
    answers.push(await signIn(guesser, { account, email, password: "guess-123" }));
    answers.push(await signIn(guesser, { account: `FAKE-${account}`, email, password: "guess-123" }));
  }
  expect(new Set(answers.map((reply) => JSON.stringify(seen(reply)))).size).toBe(1);
  expect(await signIn(guesser, { account: "FAKE-X", email: "it@fake.test", password: "guess-x-x" })).toMatchObject({ status: 428, code: 20106 });
});
