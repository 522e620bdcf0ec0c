import { rmSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { RESTART_PORT, socialEnv } from "../../playwright.config";
import { messages } from "./support/screens";
import { providerButton } from "./support/social-screens";
import { startPortal, type PortalProcess } from "./support/portal-process";

/**
 * A restart with other settings on the same build: what the sign-in pages show (the social
 * buttons, the host's home image IMAGE_HOSTS allows) follows the running configuration, not a
 * rendering an earlier start left behind (issue 21). The pages stay shared cached renderings
 * (s-maxage, no cookie) within one start.
 */
const DATA_DIR = ".e2e-restart";
const SOCIAL = ["Google", "Facebook", "Apple"] as const;

async function offeredProviders(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const offered: string[] = [];
  for (const provider of SOCIAL) if ((await providerButton(page, "en", provider).count()) > 0) offered.push(provider);
  return offered;
}

async function signInPages(portal: PortalProcess, page: Page): Promise<Record<string, string[]>> {
  // the plain visit (no proxy: the cached default variant), a brand's variant (through the proxy), and register
  const paths = ["/en/login", "/en/login?p=atomm&s=pc", "/en/register"];
  const seen: Record<string, string[]> = {};
  for (const path of paths) {
    const response = await page.request.get(`${portal.url}${path}`, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/(^|, )s-maxage=\d+/);
    expect(response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie")).toEqual([]);
    seen[path] = await offeredProviders(page, `${portal.url}${path}`);
  }
  return seen;
}

/** The login page's home image for a host's `img` on `host`: shown only when IMAGE_HOSTS allows it. */
async function expectHomeImageFrom(portal: PortalProcess, page: Page, host: string): Promise<void> {
  // the image itself is never fetched: the tests reach loopback only
  await page.context().route(`https://${host}/**`, (route) => route.abort());
  const image = `https://${host}/home.png`;
  await page.goto(`${portal.url}/en/login?img=${encodeURIComponent(image)}`);
  // the page's client picks it (the server's rendering shows the default image)
  await expect(page.locator("img[alt='']").first()).toHaveAttribute("src", image);
}

test("after a restart with other SOCIAL_PROVIDERS and IMAGE_HOSTS, every sign-in page follows the new ones", async ({ browser }) => {
  // two starts of a production server on a busy machine
  test.setTimeout(300_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  // every provider configured (a provider without its client is never offered); SOCIAL_PROVIDERS picks
  const env = { ...socialEnv, DATA_DIR: `${DATA_DIR}/data` };
  expect(messages.en.social.buttons.continueWith).toContain("{provider}");

  const first = await startPortal(RESTART_PORT, { ...env, SOCIAL_PROVIDERS: "google,facebook,apple", IMAGE_HOSTS: "img-one.example" });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect(await signInPages(first, page)).toEqual({
      "/en/login": ["Google", "Facebook", "Apple"],
      "/en/login?p=atomm&s=pc": ["Google", "Facebook", "Apple"],
      "/en/register": ["Google", "Facebook", "Apple"],
    });
    await expectHomeImageFrom(first, page, "img-one.example");
    await context.close();
  } finally {
    await first.stop();
  }

  const second = await startPortal(RESTART_PORT, { ...env, SOCIAL_PROVIDERS: "google", IMAGE_HOSTS: "img-two.example" });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect(await signInPages(second, page)).toEqual({
      "/en/login": ["Google"],
      "/en/login?p=atomm&s=pc": ["Google"],
      "/en/register": ["Google"],
    });
    await expectHomeImageFrom(second, page, "img-two.example");
    await context.close();
  } finally {
    await second.stop();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
});
