import http from "node:http";
import { expect, test } from "@playwright/test";
import { PROD_BANNED_IP, PROD_URL } from "../../playwright.config";
import { readEmailedCode, uniqueEmail } from "./support/mailbox";
import { messages } from "./support/screens";

/**
 * Against the portal configured as in production (playwright.config.ts, PROD_URL): the default
 * proof-of-work cost, no address exempt from per-IP rules, and PROD_BANNED_IP on the ban list.
 */
test.use({ baseURL: PROD_URL });

/** A plain HTTP request from a chosen loopback address, as another machine would send it. */
function postFrom(localAddress: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; code: number }> {
  const url = new URL(path, PROD_URL);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", localAddress, agent: false, headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, code: (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { code: number }).code }));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

test("a banned address calling the portal's /v1 directly is refused; another address is not", async () => {
  const login = { email: uniqueEmail("direct"), password: "Laser-2026" };
  // through the portal's own route handler, identified by the socket it came from
  expect(await postFrom(PROD_BANNED_IP, "/v1/login", login)).toEqual({ status: 403, code: 20104 });
  const register = { email: login.email, password: login.password, captcha: "123456", nonce: "n".repeat(43) };
  expect(await postFrom(PROD_BANNED_IP, "/v1/register", register)).toEqual({ status: 403, code: 20104 });
  // what the caller claims about itself is not believed
  const claims = { "x-forwarded-for": "127.0.0.3", "x-client-ip": "127.0.0.3", "x-passport-peer": "127.0.0.3" };
  expect(await postFrom(PROD_BANNED_IP, "/v1/login", login, claims)).toEqual({ status: 403, code: 20104 });
  // the same request from another address gets its ordinary answer (no such account: the wrong password's answer)
  expect(await postFrom("127.0.0.3", "/v1/login", login)).toEqual({ status: 401, code: 20205 });
});

test("requesting a code solves the proof of work at its production cost", async ({ page }) => {
  test.setTimeout(120_000); // a real solve on a busy 2-core machine
  const lang = "en";
  const m = messages[lang].register;
  const email = uniqueEmail("production-pow");
  await page.goto(`/${lang}/register`);
  await page.getByLabel(m.email, { exact: true }).fill(email);
  await page.getByRole("button", { name: m.sendCode, exact: true }).click();
  const widget = page.locator("altcha-widget");
  const w = messages[lang].verification.widget;
  await widget.getByText(w.label, { exact: true }).click();
  await expect(widget.getByText(w.verified, { exact: true })).toBeVisible({ timeout: 100_000 });
  await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();
  expect(await readEmailedCode(page.request, email)).toMatch(/^\d{6}$/);
});
