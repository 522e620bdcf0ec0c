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
 * page's scripts are held back a moment so the shell is painted first, as on a slow phone.
 * An account that owns a laser keeps the training entry the menu shows meanwhile; one with no
 * device loses it when the services answer, and on a phone, where the entries wrap onto rows
 * above the page, the menu keeps its height so the page does not move up under the reader
 * (0.23 on a phone before).
 */
for (const [name, viewport, laser] of [
  ["a desktop", { width: 1280, height: 800 }, true],
  ["a phone", { width: 412, height: 823 }, true],
  ["a phone, for an account with no device", { width: 412, height: 823 }, false],
] as const) {
  test(`on ${name}, nothing moves when the settings page's script arrives`, async ({ request, page }) => {
    const account = await registerByApi(request, `shell-shift-${viewport.width}-${String(laser)}-${Date.now()}@example.test`, "Shift");
    if (laser) await giveLaser(request, account.email);
    await signIn(page.context(), account);
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      // each shift's score, and whether everything it moved is inside the side menu
      const seen: { value: number; menuOnly: boolean }[] = [];
      Object.assign(window, { layoutShifts: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
          const inMenu = (node: Node | null) => Boolean((node instanceof Element ? node : node?.parentElement)?.closest("nav"));
          if (!shift.hadRecentInput) seen.push({ value: shift.value, menuOnly: shift.sources.every((source) => inMenu(source.node)) });
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
    if (laser) await expect(menu.getByRole("link", { name: m.menu.training })).toBeVisible();
    else await expect(menu.getByText(m.menu.training)).toHaveCount(0);
    expect(held).toBeGreaterThan(0);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; menuOnly: boolean }[] }).layoutShifts);
    const sum = (list: { value: number }[]) => list.reduce((total, shift) => total + shift.value, 0);
    // the page never moves; without the training entry, the entries after it close up within the menu (about 0.02)
    expect(sum(shifts.filter((shift) => !shift.menuOnly))).toBeLessThan(0.005);
    expect(sum(shifts)).toBeLessThan(laser ? 0.005 : 0.05);
  });
}
