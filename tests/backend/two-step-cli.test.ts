import { runCli } from "@/lib/backend/cli/run";
import { settleSecurityNotices } from "@/lib/backend/services/security-notices";
import { captureLog, call, mailIds, OPEN_TIMEOUT, outboxFiles, registerUser, startBackend, stopBackend } from "./support/harness";
import { turnOnTwoStep } from "./support/two-step";

/** The operators' two-step commands: what a user's ways in are, and resetting two-step with a reason. */
beforeAll(async () => {
  await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

test("user:ways-in shows password, social, two-step and the recovery codes left, never the secret or a code", async () => {
  const { utoken } = await registerUser("ways@example.com", "ways-pass1");
  expect((await run("user:ways-in", "Ways@Example.com")).out).toMatch(/two-step\s+off/);
  const { secret, recoveryCodes } = await turnOnTwoStep(utoken);
  const shown = await run("user:ways-in", "ways@example.com");
  expect(shown.code).toBe(0);
  expect(shown.out).toMatch(/password\s+set/);
  expect(shown.out).toMatch(/social\s+none/);
  expect(shown.out).toMatch(/two-step\s+on since \S+, 10 recovery codes left/);
  expect(shown.out).not.toContain(secret);
  for (const code of recoveryCodes) expect(shown.out).not.toContain(code);
  expect(await run("user:ways-in", "nobody@example.com")).toMatchObject({ code: 1, err: "Error: No account for nobody@example.com." });
});

test("user:reset-two-step needs a reason, turns two-step off, ends the sessions, mails the user a notice and logs the reason", async () => {
  const { utoken } = await registerUser("lost@example.com", "lost-pass1");
  const { secret } = await turnOnTwoStep(utoken);
  const beforeMail = await mailIds("lost@example.com");
  expect((await run("user:reset-two-step", "lost@example.com")).code).toBe(2);
  const { result, lines, text } = await captureLog(() => run("user:reset-two-step", "lost@example.com", "--reason", "lost phone, identity checked by ticket 4711"));
  expect(result).toMatchObject({ code: 0, out: "Two-step is now off for lost@example.com; every session ended. The reason is logged." });
  expect(lines).toContainEqual(expect.objectContaining({ event: "two-step reset by operator", reason: "lost phone, identity checked by ticket 4711", wasOn: true }));
  expect(text).not.toContain(secret);
  expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ code: 20101 });
  expect(await call("POST", "/v1/login", { body: { email: "lost@example.com", password: "lost-pass1" } })).toMatchObject({ code: 0 });
  // the same notice as the console's reset (services/two-step-reset.ts), in English
  await settleSecurityNotices();
  const mails = outboxFiles("lost@example.com").filter((file) => !beforeMail.has(file.name));
  expect(mails.map((file) => /^Subject: (.*)$/m.exec(file.text)?.[1])).toEqual(["Our support turned two-step sign-in off"]);
  expect(mails[0]?.text).toContain("If you asked our support for this, there is nothing to do");
  expect(mails[0]?.text).not.toContain(secret);
  // nothing to reset a second time: no change, no mail
  expect((await run("user:reset-two-step", "lost@example.com", "--reason", "asked again")).out).toBe("Two-step was not on for lost@example.com; nothing changed. The request is logged.");
  await settleSecurityNotices();
  expect(outboxFiles("lost@example.com").filter((file) => !beforeMail.has(file.name))).toHaveLength(1);
});
