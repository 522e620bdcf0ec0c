import { expect, test } from "@playwright/test";
import { BASE_URL, MESSAGES_URL } from "../../playwright.config";
import { uniqueEmail } from "./support/mailbox";
import { giveLaser, registerByApi, signIn } from "./support/api-account";
import { admin, signInWith } from "./support/message-setup";
import { checkScreen } from "./support/screen-checks";
import type { Lang } from "./support/screens";

/**
 * Every screen, in both languages: no sideways scrolling on a 320 px phone (WCAG 1.4.10), the
 * signed-in header and menu whole there, and axe clean at 320 and 1280 px. Public and consumer
 * screens on the main portal (social sign-in configured); business ones on the portal on
 * PostgreSQL, where an operator command can make an enterprise while it serves.
 */
// a hang guard, not a speed measure: twenty-two checks (open, reflow, axe at two widths) took
// over 4 minutes at load 26 on 2 cores, each step well under 2 s
test.describe.configure({ timeout: 600_000 });

const PUBLIC = (lang: Lang) => [
  `/${lang}/login`,
  `/${lang}/login?p=atomm&s=pc`,
  `/${lang}/login-business`,
  `/${lang}/register`,
  `/${lang}/findpwd`,
  `/${lang}/sn-password`,
  `/${lang}/authcb`,
  `/${lang}/social/connect`,
  // "Continue as …?" without a waiting token: "can no longer be used" (the question itself: address-token.spec.ts)
  `/${lang}/continue`,
  // where "This wasn't me" ends, signed out (the journey itself: disown.spec.ts)
  `/${lang}/account-secured`,
  `/announcement?lang=${lang}`,
  `/learnMore?lang=${lang}`,
];

const CONSUMER = (lang: Lang) => [
  `/${lang}/profile/settings`,
  `/${lang}/profile/security`,
  `/${lang}/profile/exchange`,
  `/${lang}/profile/training`,
  `/${lang}/message`,
  `/${lang}/social/welcome?c=google`,
  // where the browser's FedCM sign-in window lands (docs/fedcm.md): no account menu there
  `/${lang}/signed-in`,
];

const BUSINESS = (lang: Lang) => [`/${lang}/profile-business/profile-settings`, `/${lang}/profile-business/security`];

for (const lang of ["en", "zh"] as const) {
  test(`public screens fit a 320 px phone and pass axe (${lang})`, async ({ page }) => {
    // the social callback passes its visitor on once its action answers: held back here (the
    // action's call fails), it stays on its own screen, which shows the failure and a way on
    await page.route(/\/authcb$/, (route) => (route.request().method() === "POST" ? route.abort() : route.fallback()));
    for (const path of PUBLIC(lang)) await checkScreen(page, `${BASE_URL}${path}`, { lang });
  });

  test(`signed-in consumer screens fit a 320 px phone, menu and header whole, and pass axe (${lang})`, async ({ page, request, context }) => {
    // with a laser, so the training page is offered (SPEC §2)
    const account = await registerByApi(request, uniqueEmail(`screens-${lang}`), lang === "en" ? "Ada" : "张伟");
    await giveLaser(request, account.email);
    await signIn(context, account);
    for (const path of CONSUMER(lang)) {
      await checkScreen(page, `${BASE_URL}${path}`, { lang, signedIn: !path.includes("/social/") && !path.endsWith("/signed-in") });
      expect(new URL(page.url()).pathname, `${path} stayed where it was`).toBe(path.split("?")[0]);
    }
  });

  test(`signed-in business screens fit a 320 px phone, menu and header whole, and pass axe (${lang})`, async ({ page, request, context }) => {
    const account = `SCR-${lang.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
    const email = uniqueEmail(`screens-business-${lang}`);
    const created = JSON.parse(await admin("enterprise:create", "--account", account, "--email", email, "--name", "Screens Ltd", "--json")) as { password: string };
    const login = await request.post(`${MESSAGES_URL}/v1/enterprise/login`, { data: { account, email, password: created.password } });
    const body = (await login.json()) as { code: number; data: { utoken: string } };
    expect(body.code).toBe(0);
    await signInWith(context, body.data.utoken);
    for (const path of BUSINESS(lang)) {
      await checkScreen(page, `${MESSAGES_URL}${path}`, { lang, signedIn: true });
      expect(new URL(page.url()).pathname, `${path} stayed where it was`).toBe(path);
    }
  });
}
