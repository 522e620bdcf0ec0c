import { expect, type APIRequestContext } from "@playwright/test";

const SINK = `http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT ?? 2527}`;

type Mail = { to: string[]; subject: string; text: string };

/** Every mail the SMTP sink received for `email`, oldest first. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`${SINK}/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as Mail[];
}

/** Waits for the next mail to `email` and returns the 6-digit code in it. */
export async function readEmailedCode(request: APIRequestContext, email: string, previous = 0): Promise<string> {
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`${SINK}/messages?to=${encodeURIComponent(email)}`);
        mails = (await response.json()) as Mail[];
        return mails.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(previous);
  const text = mails[mails.length - 1]?.text ?? "";
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in the mail to ${email}`);
  return code;
}

let counter = 0;
/** A fresh address per test, so tests never share an account. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}
