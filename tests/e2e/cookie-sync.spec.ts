import { expect, test } from "@playwright/test";
import { EMBED_PORTAL_URL, SIBLING_URL } from "../../playwright.config";
import { createAccount } from "./support/accounts";
import { signInWith } from "./support/embed-screens";
import { uniqueEmail } from "./support/mailbox";
import { messages } from "./support/screens";

/**
 * Third-party-cookie mode, redirect variant (SPEC §4, §7; docs/embedding.md): after a sign-in on
 * the portal (127.0.0.1) the browser goes through the sibling site's add-cookies (the same
 * services answering as localhost, another site) and ends on a clean address, signed in on both.
 * A foreign domain or a foreign target is refused: nothing set, no redirect.
 */
const PASSWORD = "Laser-2026";

test("after a sign-in the browser sets the session on the sibling site and lands on a clean address (zh)", async ({ page, context, request }) => {
  const email = uniqueEmail("cookie-sync");
  await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  const hops: { url: string; status: number; referrerPolicy: string | undefined }[] = [];
  page.on("response", (response) => {
    if (response.url().startsWith(`${SIBLING_URL}/v1/cookie/`)) hops.push({ url: response.url(), status: response.status(), referrerPolicy: response.headers()["referrer-policy"] });
  });

  await page.goto(`${EMBED_PORTAL_URL}/zh/login`);
  await signInWith(page, "zh", email, PASSWORD);
  await expect(page.getByRole("heading", { name: messages.zh.settings.title })).toBeVisible();
  expect(page.url()).toBe(`${EMBED_PORTAL_URL}/zh/profile/settings`);

  expect(hops).toEqual([expect.objectContaining({ status: 302, referrerPolicy: "no-referrer" })]);
  expect(new URL(hops[0]?.url ?? "").searchParams.get("domain")).toBe("localhost");
  const cookies = await context.cookies();
  const portal = cookies.find((cookie) => cookie.name === "utoken" && cookie.domain === "127.0.0.1");
  const sibling = cookies.find((cookie) => cookie.name === "utoken" && cookie.domain === "localhost");
  expect(portal?.value).toBeTruthy();
  // a top-level sign-in is first-party: its cookie is not partitioned
  expect(portal?.partitionKey).toBeUndefined();
  expect(sibling).toMatchObject({ value: portal?.value, httpOnly: true, secure: true, sameSite: "None" });
  expect(sibling?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);
});

test("a foreign domain and a foreign target are refused: nothing is set and the browser stays", async ({ page, context, request }) => {
  const email = uniqueEmail("cookie-refused");
  const { utoken } = await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  const hop = (domain: string, target: string) => `${SIBLING_URL}/v1/cookie/add-cookies?${new URLSearchParams({ utoken, domain, target })}`;

  const foreignDomain = await page.goto(hop("evil.test", `${EMBED_PORTAL_URL}/en/login`));
  expect(foreignDomain?.status()).toBe(400);
  expect(await foreignDomain?.json()).toMatchObject({ code: 20401 });
  expect(page.url()).toContain("/v1/cookie/add-cookies");

  const foreignTarget = await page.goto(hop("localhost", "https://evil.example/"));
  expect(foreignTarget?.status()).toBe(400);
  expect(await foreignTarget?.json()).toMatchObject({ code: 20402 });
  expect(page.url()).toContain("/v1/cookie/add-cookies");

  const tokenTarget = await page.goto(hop("localhost", `${EMBED_PORTAL_URL}/en/login?ut=${utoken}`));
  expect(await tokenTarget?.json()).toMatchObject({ code: 20402 });

  expect((await context.cookies()).filter((cookie) => cookie.name === "utoken")).toEqual([]);

  // the same hop with the configured domain and an allowed target works
  await page.goto(hop("localhost", `${EMBED_PORTAL_URL}/en/login`));
  await expect(page).toHaveURL(`${EMBED_PORTAL_URL}/en/login`);
  expect((await context.cookies()).find((cookie) => cookie.name === "utoken" && cookie.domain === "localhost")?.value).toBe(utoken);
});
