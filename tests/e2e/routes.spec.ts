import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";

/** The route table of SPEC §2, as a caller without a session sees it. */
const redirects: Array<[string, string]> = [
  ["/", "/en/login"],
  ["/en", "/en/login"],
  ["/zh", "/zh/login"],
  ["/fr/register", "/en/register"],
  ["/de-DE/login", "/en/login"],
  ["/zh-CN/register", "/zh/register"],
  ["/en/nothing", "/en/login"],
  ["/zh/some/deep/path", "/zh/login"],
  ["/register", "/en/register"],
  ["/nothing-at-all", "/en/login"],
];

for (const [from, to] of redirects) {
  test(`${from} redirects to ${to}`, async ({ request }) => {
    const response = await request.get(from, { maxRedirects: 0 });
    expect([307, 308]).toContain(response.status());
    expect(new URL(response.headers().location ?? "", BASE_URL).pathname).toBe(to);
  });
}

test("a path without a language follows the IntlLang cookie, then Accept-Language", async ({ request }) => {
  const byHeader = await request.get("/", { maxRedirects: 0, headers: { "accept-language": "zh-CN,zh;q=0.9" } });
  expect(byHeader.headers().location).toMatch(/\/zh\/login$/);
  const byCookie = await request.get("/register", { maxRedirects: 0, headers: { cookie: "IntlLang=zh", "accept-language": "en" } });
  expect(byCookie.headers().location).toMatch(/\/zh\/register$/);
});

test("a login-required page without a session goes to login with r set to the page", async ({ request }) => {
  const response = await request.get("/en/profile/settings", { maxRedirects: 0 });
  const location = new URL(response.headers().location ?? "", BASE_URL);
  expect(location.pathname).toBe("/en/login");
  expect(location.searchParams.get("r")).toBe(`${BASE_URL}/en/profile/settings`);
});

test("a numeric-only or unknown token counts as no session", async ({ request }) => {
  for (const cookie of ["utoken=123456", "utoken=not-a-real-token-at-all-000000000000"]) {
    const response = await request.get("/en/profile", { maxRedirects: 0, headers: { cookie } });
    expect(new URL(response.headers().location ?? "", BASE_URL).pathname).toBe("/en/login");
  }
});

test("the page language, title and IntlLang cookie follow the path", async ({ page }) => {
  await page.goto("/zh/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page).toHaveTitle(/登录/);
  // written on the client after load: the page response itself sets no cookie
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "IntlLang")?.value).toBe("zh");

  await page.getByLabel("语言").selectOption("en");
  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
});

test("the launch context is carried from login to register", async ({ page }) => {
  await page.goto("/en/login?p=atomm&s=pc");
  await expect(page.getByRole("img", { name: "Atomm" })).toHaveAttribute("src", /atomm-pc\.svg/);
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/en\/register\?p=atomm&s=pc/);
  await expect(page.getByRole("heading", { name: "Create your Atomm account" })).toBeVisible();

  await page.goto("/en/login?lr=0");
  await expect(page.getByRole("link", { name: "Sign up" })).toHaveCount(0);
});
