import { expect, test, type Page } from "@playwright/test";
import { registerByApi, signIn } from "./support/api-account";
import { messages } from "./support/screens";

declare global {
  interface Window {
    /** CSP violations the page reported (securitypolicyviolation) */
    __violations: string[];
    /** set only if an injected inline script ran */
    __injected?: string;
  }
}

const m = messages.en;

/**
 * The script policy of each kind of page (lib/security/headers.ts, docs/security.md): a signed-in
 * page rendered per request runs only scripts carrying its response's nonce; a static page behind
 * the proxy only its own inline scripts, by hash; neither allows 'unsafe-inline'. The page still
 * works, the browser reports no violation, and a script slipped into the page does not run.
 */
function scriptSources(response: { headers(): Record<string, string> } | null): string[] {
  const policy = response?.headers()["content-security-policy"] ?? "";
  const directive = policy.split(";").map((part) => part.trim()).find((part) => part.startsWith("script-src ")) ?? "";
  return directive.split(/\s+/).slice(1);
}

/** Records every CSP violation of the current document and every console error, from before the first script. */
async function watchViolations(page: Page): Promise<{ violations: () => Promise<string[]>; cspConsoleErrors: () => string[] }> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const store = window;
    store.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) => store.__violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`));
  });
  return {
    // no script of the portal probes for eval any more (zod stays on the server): every violation counts
    violations: async () => page.evaluate(() => window.__violations),
    cspConsoleErrors: () => consoleErrors.filter((text) => /Content Security Policy/i.test(text)),
  };
}

test("a signed-in page rendered per request: a fresh nonce and 'strict-dynamic', no 'unsafe-inline'; it works, and an injected script does not run", async ({ page, request }) => {
  const account = await registerByApi(request, `csp-nonce-${Date.now()}@example.test`);
  await signIn(page.context(), account);
  const watch = await watchViolations(page);

  const response = await page.goto("/en/profile/security");
  const sources = scriptSources(response);
  expect(sources).toContain("'strict-dynamic'");
  expect(sources).not.toContain("'unsafe-inline'");
  const nonce = sources.find((source) => source.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);

  // every script the HTML carries has this response's nonce (Next put it there)
  const html = await response?.text();
  const tags = html?.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);

  // the page is alive: React answers a click
  await expect(page.getByRole("heading", { level: 1, name: m.security.title })).toBeVisible();
  await page.getByRole("button", { name: m.security.password.change }).click();
  await expect(page.getByRole("dialog", { name: m.security.password.dialogTitle })).toBeVisible();
  expect(await watch.violations()).toEqual([]);
  expect(watch.cspConsoleErrors()).toEqual([]);

  // the next view has another nonce
  const again = await request.get("/en/profile/security", { headers: { cookie: `utoken=${account.utoken}` } });
  expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);

  // a script written into the page (as stored markup an attacker got in would be) does not run
  await page.route("**/en/profile/security", async (route) => {
    const original = await route.fetch();
    const headers = { ...original.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    const body = (await original.text()).replace("</body>", "<script>window.__injected = 'ran'</script></body>");
    await route.fulfill({ status: original.status(), headers, body });
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: m.security.title })).toBeVisible();
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  expect(await watch.violations()).toEqual(["script-src-elem inline "]);
  await page.unroute("**/en/profile/security");
});

test("a static signed-in shell and a static public page behind the proxy: their inline scripts by hash, no 'unsafe-inline'; they work", async ({ page, request }) => {
  const account = await registerByApi(request, `csp-shell-${Date.now()}@example.test`);
  await signIn(page.context(), account);
  const watch = await watchViolations(page);

  const shell = await page.goto("/en/profile/settings");
  const sources = scriptSources(shell);
  expect(sources.filter((source) => source.startsWith("'sha256-")).length).toBeGreaterThan(0);
  expect(sources).not.toContain("'unsafe-inline'");
  expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
  // the user's data arrives through the page's scripts
  await expect(page.getByText(account.email).first()).toBeVisible();
  // and the menu leads on inside the app, to a page rendered per request
  await page.getByRole("navigation", { name: m.menu.label }).getByRole("link", { name: m.menu.security }).click();
  await expect(page.getByRole("heading", { level: 1, name: m.security.title })).toBeVisible();
  await page.getByRole("button", { name: m.security.password.change }).click();
  await expect(page.getByRole("dialog", { name: m.security.password.dialogTitle })).toBeVisible();
  // (one document since the shell loaded: the menu navigates inside the app)
  expect(await watch.violations()).toEqual([]);

  const snPage = await page.goto("/en/sn-password");
  const snSources = scriptSources(snPage);
  expect(snSources.filter((source) => source.startsWith("'sha256-")).length).toBeGreaterThan(0);
  expect(snSources).not.toContain("'unsafe-inline'");
  await expect(page.getByRole("heading", { level: 1, name: m.snPassword.title })).toBeVisible();

  expect(await watch.violations()).toEqual([]);
  expect(watch.cspConsoleErrors()).toEqual([]);
});

test("a plain visit of a sign-in page, served without the proxy, keeps the default policy the docs describe", async ({ request }) => {
  const login = await request.get("/en/login");
  expect(scriptSources(login)).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
  expect(login.headers()["content-security-policy"]).toContain("object-src 'none'");
});
