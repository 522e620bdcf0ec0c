import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend } from "./support/harness";
import { addPasskey, proveWithPassword, signInOptions, SoftAuthenticator } from "./support/passkeys";
import { statementsOf } from "./support/statements";

/**
 * What a sign-in costs the database (docs/performance.md, "Where a sign-in's CPU goes"), counted
 * at the driver. A passkey sign-in: its options store the challenge unless a ban covers the caller's
 * address, in one statement whether the address is known or not; its answer spends the challenge
 * and reads the passkey with the sign-in record of its account (ban list, failures, account,
 * two-step) in one statement, moves the counter (returning the account's passkeys for the
 * signals) and writes the session. A password sign-in: the record and the session, with the
 * browser's device and its new-device event in the session's statement. The first signed-in
 * view's data: one statement each beyond the session's. A statement added to any of these
 * shows here before it shows in the bench.
 */
// no bulk-job runner: its polls would land among the counted statements
beforeAll(() => startBackend({ BULK_RUNNER_INTERVAL_SECONDS: "0" }), OPEN_TIMEOUT);
afterAll(stopBackend);

test("a passkey sign-in costs one statement for its options and three for its answer", async () => {
  const { utoken } = await registerUser("passkey-cost@example.com");
  const device = new SoftAuthenticator();
  await proveWithPassword(utoken);
  expect((await addPasskey(utoken, device)).code).toBe(0);
  const signIn = async () => {
    const { attempt, options } = await signInOptions();
    return call("POST", "/v1/login/passkey", { body: { attempt, response: device.get(options) } });
  };
  // the first sign-in of a database prepares its statements; the second is what every later one costs
  expect((await signIn()).code).toBe(0);

  // in-process the caller's address is unknown; from a known one the ban list is read in the same statement
  expect(await statementsOf(async () => void (await signInOptions(fromIp("198.51.100.7"))))).toBe(1);
  let options: Awaited<ReturnType<typeof signInOptions>> | undefined;
  const forOptions = await statementsOf(async () => {
    options = await signInOptions();
  });
  let answer: Awaited<ReturnType<typeof call>> | undefined;
  const forAnswer = await statementsOf(async () => {
    answer = await call("POST", "/v1/login/passkey", { body: { attempt: options?.attempt, response: options ? device.get(options.options) : null } });
  });

  expect(answer).toMatchObject({ status: 200, code: 0, data: { utoken: expect.any(String), signals: { credentialIds: [expect.any(String)] } } });
  expect(forOptions).toBe(1);
  expect(forAnswer).toBe(3);
});

test("a password sign-in costs two statements: the sign-in record and the session", async () => {
  await registerUser("password-cost@example.com", "cost-pass1");
  const signIn = () => call("POST", "/v1/login", { body: { email: "password-cost@example.com", password: "cost-pass1" } });
  expect((await signIn()).code).toBe(0);

  let reply: Awaited<ReturnType<typeof call>> | undefined;
  const statements = await statementsOf(async () => {
    reply = await signIn();
  });

  expect(reply).toMatchObject({ status: 200, code: 0, data: { utoken: expect.any(String) } });
  expect(statements).toBe(2);
});

test("a password sign-in from a browser costs two statements too: its device is seen in the session's statement", async () => {
  const email = "browser-cost@example.com";
  await registerUser(email, "cost-pass1");
  const signIn = (device: string) =>
    call("POST", "/v1/login", { body: { email, password: "cost-pass1" }, headers: { "x-device-id": device, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" } });
  expect((await signIn("device-first-0123456789abcdef")).code).toBe(0);

  // a browser new to the account (its new-device event written in the same statement), then one seen again
  for (const device of ["device-second-0123456789abcde", "device-second-0123456789abcde"]) {
    let reply: Awaited<ReturnType<typeof call>> | undefined;
    const statements = await statementsOf(async () => {
      reply = await signIn(device);
    });
    expect(reply).toMatchObject({ status: 200, code: 0, data: { utoken: expect.any(String) } });
    expect(statements).toBe(2);
  }
});

test("the first signed-in view's data cost one statement each beyond the session's: the profile none, the unread counts one, the training menu one", async () => {
  const { utoken: token } = await registerUser("first-view-cost@example.com", "cost-pass1");
  const reads = [
    ["GET", "/v1/user/fullinfo", 1],
    ["GET", "/message/v1/web/count", 2],
    ["GET", "/v1/safety/getPrizeInfo", 2],
  ] as const;
  // the first calls of a database prepare their statements
  for (const [method, path] of reads) expect((await call(method, path, { token })).code).toBe(0);
  for (const [method, path, expected] of reads) {
    let reply: Awaited<ReturnType<typeof call>> | undefined;
    const statements = await statementsOf(async () => {
      reply = await call(method, path, { token });
    });
    expect({ path, code: reply?.code, statements }).toEqual({ path, code: 0, statements: expected });
  }
});
