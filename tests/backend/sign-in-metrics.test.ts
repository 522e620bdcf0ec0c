import { metricsRegistry } from "@/lib/metrics/registry";
import { call, lastCodeFor, mailIds, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { secondStep, ticketOf, totpCode, turnOnTwoStep } from "./support/two-step";

/**
 * passport_sign_ins_total as /metrics shows it (the process's registry, as text): every way in
 * counts one outcome per attempt, and a held sign-in is neither a refusal nor a success.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const LAPTOP = { "x-device-id": "device-laptop-0123456789abcdef" };
const PHONE = { "x-device-id": "device-phone-0123456789abcdef0" };

type Counts = Map<string, number>;

/** Every passport_sign_ins_total series of the scrape, keyed "way/outcome". */
async function signInCounts(): Promise<Counts> {
  const counts: Counts = new Map();
  for (const line of (await metricsRegistry().metrics()).split("\n")) {
    const series = /^passport_sign_ins_total\{(.*)\} (\d+)$/.exec(line);
    if (!series?.[1] || !series[2]) continue;
    const labels = Object.fromEntries([...series[1].matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    counts.set(`${labels.way}/${labels.outcome}`, Number(series[2]));
  }
  return counts;
}

/** What `run` added to each series (only the ones that moved). */
async function added(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await signInCounts();
  await run();
  const after = await signInCounts();
  const moved: Record<string, number> = {};
  for (const [key, value] of after) if (value !== (before.get(key) ?? 0)) moved[key] = value - (before.get(key) ?? 0);
  return moved;
}

function signIn(email: string, password: string, headers: Record<string, string> = LAPTOP) {
  return call("POST", "/v1/login", { body: { email, password }, headers });
}

test("a password sign-in adds one ok; a wrong password adds one refused", async () => {
  await registerUser("counted@example.com", "counted-pass1", LAPTOP);
  expect(await added(async () => expect((await signIn("counted@example.com", "counted-pass1")).code).toBe(0))).toEqual({ "password/ok": 1 });
  expect(await added(async () => expect((await signIn("counted@example.com", "wrong-pass1")).code).toBe(20205))).toEqual({ "password/refused": 1 });
});

test("a two-step sign-in adds one held, then its second step one ok; a wrong code adds one refused", async () => {
  const { utoken } = await registerUser("counted-two@example.com", "counted-pass2", LAPTOP);
  const { secret } = await turnOnTwoStep(utoken);
  let ticket = "";
  expect(await added(async () => (ticket = ticketOf(await signIn("counted-two@example.com", "counted-pass2"))))).toEqual({ "password/held": 1 });
  const wrong = totpCode(secret) === "000000" ? "000001" : "000000";
  expect(await added(async () => expect((await secondStep(ticket, "totp", wrong, LAPTOP)).code).toBe(20903))).toEqual({ "two-step/refused": 1 });
  // the code that turned two-step on is spent: the app's next one
  backend.advance(30);
  expect(await added(async () => expect((await secondStep(ticket, "totp", totpCode(secret), LAPTOP)).code).toBe(0))).toEqual({ "two-step/ok": 1 });
});

test("a sign-in device security holds adds one held, then the device code one ok", async () => {
  const { utoken } = await registerUser("counted-device@example.com", "counted-pass3", LAPTOP);
  expect((await call("PATCH", "/v1/user/device/security", { token: utoken, body: { enabled: true }, headers: LAPTOP })).code).toBe(0);
  const seen = await mailIds("counted-device@example.com");
  let challenge = "";
  expect(
    await added(async () => {
      const held = await signIn("counted-device@example.com", "counted-pass3", PHONE);
      expect(held.code).toBe(20109);
      challenge = String(held.data?.challenge);
    }),
  ).toEqual({ "password/held": 1 });
  const captcha = await lastCodeFor("counted-device@example.com", seen);
  expect(await added(async () => expect((await call("POST", "/v1/login/device", { body: { challenge, captcha }, headers: PHONE })).code).toBe(0))).toEqual({ "device/ok": 1 });
});
