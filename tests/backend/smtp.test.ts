import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { getDb } from "@/lib/backend/db/client";
import { outboxMails } from "@/lib/backend/db/schema";
import { call, captureLog, OPEN_TIMEOUT, startBackend, stopBackend, ticketFor } from "./support/harness";

/** A real SMTP server on loopback receives what the services send when SMTP_URL is set. */
const received: Array<{ from: string; to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    let raw = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      raw += chunk;
    });
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw,
      });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  await startBackend({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Tests <tests@passport.local>" });
}, OPEN_TIMEOUT);
afterAll(async () => {
  try {
    await stopBackend();
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});

async function lastRecord(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(outboxMails).where(eq(outboxMails.toAddress, email)).orderBy(desc(outboxMails.createdAt)).limit(1);
  return row;
}

test("with SMTP_URL the code is delivered by SMTP and recorded as sent, without the code", async () => {
  const verified = await call("POST", "/v1/verify/email", { body: { email: "smtp@example.com" } });
  const nonce = String(verified.data?.nonce);
  const ticket = await ticketFor("register", "smtp@example.com");
  const { result: sent, lines, text } = await captureLog(() => call("POST", "/v1/captcha", { body: { receiver: "smtp@example.com", nonce, type: "register", ticket } }));
  expect(sent).toMatchObject({ code: 0, data: { resendAfter: 60 } });
  expect(lines).toContainEqual(expect.objectContaining({ msg: "request", route: "/v1/captcha", status: 200 }));

  const mail = received.at(-1);
  expect(mail?.from).toBe("tests@passport.local");
  expect(mail?.to).toEqual(["smtp@example.com"]);
  const code = mail?.raw.match(/code to create your account: (\d{6})/)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(text).not.toContain(String(code));

  const record = await lastRecord("smtp@example.com");
  expect(record).toMatchObject({ transport: "smtp", status: "sent", subject: "Your registration code" });
  expect(record?.text).not.toContain(String(code));
  expect(record?.text).toContain("******");

  const registered = await call("POST", "/v1/register", {
    body: { email: "smtp@example.com", password: "secret-pass1", captcha: code, nonce },
  });
  expect(registered.code).toBe(0);
});

test("when the SMTP server refuses, the caller gets 10000 and may ask again at once", async () => {
  smtp.onRcptTo = (_address, _session, callback) => callback(new Error("mailbox unavailable"));
  try {
    const verified = await call("POST", "/v1/verify/email", { body: { email: "bounce@example.com" } });
    const nonce = String(verified.data?.nonce);
    const body = async () => ({ receiver: "bounce@example.com", nonce, type: "register", ticket: await ticketFor("register", "bounce@example.com") });
    expect(await call("POST", "/v1/captcha", { body: await body() })).toMatchObject({ status: 500, code: 10000 });
    expect(await lastRecord("bounce@example.com")).toMatchObject({ transport: "smtp", status: "failed" });
    // no resend wait: the undelivered code was forgotten
    expect((await call("POST", "/v1/captcha", { body: await body() })).code).toBe(10000);
  } finally {
    smtp.onRcptTo = (_address, _session, callback) => callback();
  }
});
