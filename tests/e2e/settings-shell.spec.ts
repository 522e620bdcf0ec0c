import { expect, test } from "@playwright/test";
import { registerByApi, signIn } from "./support/api-account";
import { messages } from "./support/screens";

const m = messages.en;

/**
 * The settings page is a static shell (docs/decisions.md, decision 18): every signed-in user gets
 * the same bytes, which hold nothing of anyone's account and are never kept by a cache; the
 * user's data comes from /api/profile, which only the same site may read.
 */
test("the settings page is the same shell for every signed-in user, never cached; the data is each user's own", async ({ request, page }) => {
  const stamp = Date.now();
  const ada = await registerByApi(request, `shell-ada-${stamp}@example.test`, "Ada");
  const grace = await registerByApi(request, `shell-grace-${stamp}@example.test`, "Grace");

  const shells = [];
  for (const account of [ada, grace]) {
    const response = await request.get("/en/profile/settings", { maxRedirects: 0, headers: { cookie: `utoken=${account.utoken}` } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/private/);
    expect(response.headers()["cache-control"]).toMatch(/no-store/);
    const html = await response.text();
    for (const secret of [ada.email, grace.email, "Ada", "Grace"]) expect(html).not.toContain(secret);
    shells.push(html);
  }
  expect(shells[1]).toBe(shells[0]);

  // the data is read by the page's own site only
  const own = await request.get("/api/profile?lang=en", { headers: { cookie: `utoken=${grace.utoken}`, "sec-fetch-site": "same-origin" } });
  expect(await own.json()).toMatchObject({ ok: true, data: { user: { email: grace.email, nickname: "Grace" } } });
  const crossSite = await request.get("/api/profile?lang=en", { headers: { cookie: `utoken=${grace.utoken}`, "sec-fetch-site": "cross-site" } });
  expect(crossSite.status()).toBe(403);

  // in a browser the shell fills in with the signed-in user's profile
  await signIn(page.context(), ada);
  await page.goto("/en/profile/settings?p=atomm");
  await expect(page.getByRole("heading", { level: 1, name: m.settings.title })).toBeVisible();
  await expect(page.getByText(ada.email).first()).toBeVisible();
  await expect(page.getByLabel(m.settings.nickname)).toHaveValue("Ada");
  // the menu keeps the launch query, read on the client
  await expect(page.getByRole("navigation", { name: m.menu.label }).getByRole("link", { name: m.menu.security })).toHaveAttribute("href", "/en/profile/security?p=atomm");
});
