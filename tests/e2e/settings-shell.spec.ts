import { expect, test } from "@playwright/test";
import { giveLaser, registerByApi, signIn } from "./support/api-account";
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

/**
 * The header's "Log out" and the side menu are part of the shell, in their places before the
 * page's script has read the address, so nothing moves when the script arrives (Lighthouse
 * counted a layout shift of 0.05 on a desktop and 0.14 on a phone when they came in late). The
 * page's scripts are held back a moment so the shell is painted first, as on a slow phone. The
 * account owns a laser, so the services keep the training entry the menu shows meanwhile (an
 * account with no device loses that entry when the services answer, which still moves the page
 * on a narrow screen: docs/performance.md, "Lighthouse").
 */
for (const [name, viewport] of [
  ["a desktop", { width: 1280, height: 800 }],
  ["a phone", { width: 412, height: 823 }],
] as const) {
  test(`on ${name}, nothing moves when the settings page's script arrives`, async ({ request, page }) => {
    const account = await registerByApi(request, `shell-shift-${viewport.width}-${Date.now()}@example.test`, "Shift");
    await giveLaser(request, account.email);
    await signIn(page.context(), account);
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const seen: number[] = [];
      Object.assign(window, { layoutShifts: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
          if (!shift.hadRecentInput) seen.push(shift.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    let held = 0;
    await page.route("**/_next/static/chunks/**", async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto("/en/profile/settings");
    const menu = page.getByRole("navigation", { name: m.menu.label });
    // the shell: the menu's entries and the header's button, before the script
    await expect(menu.getByText(m.menu.security)).toBeVisible();
    await expect(page.getByRole("button", { name: m.menu.logout })).toBeVisible();
    // then the script: the entries become links, the button works, the data fills the page
    await expect(menu.getByRole("link", { name: m.menu.security })).toHaveAttribute("href", "/en/profile/security");
    await expect(page.getByRole("button", { name: m.menu.logout })).toBeEnabled();
    await expect(page.getByText(account.email).first()).toBeVisible();
    await expect(menu.getByRole("link", { name: m.menu.training })).toBeVisible();
    expect(held).toBeGreaterThan(0);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.005);
  });
}
