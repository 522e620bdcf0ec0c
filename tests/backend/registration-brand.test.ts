import { createEnterprise } from "@/lib/backend/cli/commands";
import { call, envelope, lastCodeFor, mailIds, OPEN_TIMEOUT, registerUser, send, startBackend, stopBackend, ticketFor } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";
import { newBrowser, socialEnv, socialRoundTrip, startProviders, stopProviders, type Providers } from "./support/social";

/**
 * The brand of registration (issue 32): the app code an account registered from, kept on the
 * account. Each way an account is made, then the console's search by brand, as an operator sees it.
 * A registration and a social sign-up name the brand they came from (the app code their first
 * session records); an operator's enterprise account has none; an import keeps the brand its file
 * gives.
 */
let providers: Providers | undefined;
let admin: Record<string, string>;
beforeAll(async () => {
  providers = await startProviders();
  await startBackend(socialEnv(providers));
  admin = operatorHeaders(await sessionOf(await newOperator("admin")));
}, OPEN_TIMEOUT);
afterAll(async () => {
  await stopBackend();
  await stopProviders(providers);
});

type Row = { email: string; brand: string | null };

/** The accounts of one test's domain the console finds, with the brand each shows; `filter` narrows. */
async function consoleFinds(domain: string, filter = ""): Promise<Row[]> {
  const reply = await call("GET", `/v1/console/users?q=${encodeURIComponent(domain)}&sort=email&order=asc${filter}`, { headers: admin });
  expect({ status: reply.status, code: reply.code }).toEqual({ status: 200, code: 0 });
  return (reply.data?.list as Row[]).map(({ email, brand }) => ({ email, brand }));
}

test("a registration keeps the brand it came from; later sign-ins from another brand do not change it", async () => {
  await registerUser("maker@reg-brand.test", "secret-pass1", { "x-app-code": "atomm" });
  await registerUser("plain@reg-brand.test");
  // the older header (`code`) names the brand as well
  await registerUser("older@reg-brand.test", "secret-pass1", { code: "creative_space" });
  // an app code no brand filter could name is no brand
  await registerUser("odd@reg-brand.test", "secret-pass1", { "x-app-code": "a b <i>" });
  const signedIn = await call("POST", "/v1/login", { body: { email: "maker@reg-brand.test", password: "secret-pass1" }, headers: { "x-app-code": "support" } });
  expect(signedIn.code).toBe(0);

  expect(await consoleFinds("reg-brand.test")).toEqual([
    { email: "maker@reg-brand.test", brand: "atomm" },
    { email: "odd@reg-brand.test", brand: null },
    { email: "older@reg-brand.test", brand: "creative_space" },
    { email: "plain@reg-brand.test", brand: null },
  ]);
  expect(await consoleFinds("reg-brand.test", "&brand=atomm")).toEqual([{ email: "maker@reg-brand.test", brand: "atomm" }]);
  expect(await consoleFinds("reg-brand.test", "&brand=creative_space")).toEqual([{ email: "older@reg-brand.test", brand: "creative_space" }]);
  expect(await consoleFinds("reg-brand.test", "&brand=support")).toEqual([]);
});

test("a sign-up through Google keeps the brand it started from; a later sign-in from another brand does not change it", async () => {
  if (!providers) throw new Error("providers not started");
  const back = await socialRoundTrip(providers, newBrowser(), "google", {
    identity: { email: "google@social-brand.test", name: "Gee" },
    query: { lang: "en", appCode: "atomm", appPlatform: "web-pc", r: "http://localhost:3000/en/profile" },
  });
  expect(back.searchParams.get("n")).toBe("1"); // a new account
  const again = await socialRoundTrip(providers, newBrowser(), "google", {
    identity: { email: "google@social-brand.test", name: "Gee" },
    query: { lang: "en", appCode: "support", appPlatform: "web-pc", r: "http://localhost:3000/en/profile" },
  });
  expect(again.searchParams.get("n")).toBeNull(); // the same account, signed in
  expect(await consoleFinds("social-brand.test")).toEqual([{ email: "google@social-brand.test", brand: "atomm" }]);
  expect(await consoleFinds("social-brand.test", "&brand=atomm")).toEqual([{ email: "google@social-brand.test", brand: "atomm" }]);
  expect(await consoleFinds("social-brand.test", "&brand=support")).toEqual([]);
});

test("a sign-up whose provider gave no verified email keeps its brand once the email is proved", async () => {
  if (!providers) throw new Error("providers not started");
  const back = await socialRoundTrip(providers, newBrowser(), "facebook", {
    identity: { email: "unverified@mail-brand.test", emailVerified: false, name: "No Mail" },
    query: { lang: "en", appCode: "creative_space", appPlatform: "web-pc", r: "http://localhost:3000/en/profile" },
  });
  const ticket = back.searchParams.get("lt") ?? "";
  const email = "chosen@mail-brand.test";
  const seen = await mailIds(email);
  const nonce = String((await call("POST", "/v1/verify/email", { body: { email } })).data?.nonce);
  expect(await call("POST", "/v1/captcha", { body: { receiver: email, nonce, type: "social", ticket: await ticketFor("social", email) } })).toMatchObject({ code: 0 });
  const captcha = await lastCodeFor(email, seen);
  // the confirmation itself comes from no brand: the ticket remembers where the sign-up began
  expect(await call("POST", "/v1/oauth/link/confirm", { body: { ticket, method: "code", email, nonce, captcha } })).toMatchObject({ code: 0, data: { created: true } });
  expect(await consoleFinds("mail-brand.test", "&brand=creative_space")).toEqual([{ email, brand: "creative_space" }]);
});

test("an enterprise account an operator made has none, whatever brand its user signs in from", async () => {
  const created = await createEnterprise({ account: "BRAND-01", email: "boss@corp-brand.test", name: "Brand Co" });
  const signedIn = await call("POST", "/v1/enterprise/login", { body: { account: created.account, email: created.email, password: created.password }, headers: { "x-app-code": "atomm" } });
  expect(signedIn.code).toBe(0);
  expect(await consoleFinds("corp-brand.test")).toEqual([{ email: "boss@corp-brand.test", brand: null }]);
  expect(await consoleFinds("corp-brand.test", "&brand=atomm")).toEqual([]);
});

test("an import keeps the brand its file gives (CSV and JSON, our own export's column); a bad brand is a bad row", async () => {
  const importFile = async (body: string, type: string) => envelope(await send("POST", "/v1/console/users/import?dryRun=false&reason=brand import", { body, headers: { ...admin, "content-type": type } }));
  const csv = ["email,nickname,brand", "csv-branded@imp-brand.test,One,atomm", "csv-plain@imp-brand.test,Two,", "csv-bad@imp-brand.test,Three,a b"].join("\n");
  const fromCsv = await importFile(csv, "text/csv");
  expect(fromCsv.data).toMatchObject({ imported: 2, bad: [{ line: 4, email: "csv-bad@imp-brand.test", problem: "brand" }] });
  const json = JSON.stringify([
    { email: "json-branded@imp-brand.test", brand: "support" },
    { email: "json-plain@imp-brand.test", brand: null },
  ]);
  expect((await importFile(json, "application/json")).data).toMatchObject({ imported: 2, bad: [] });

  expect(await consoleFinds("imp-brand.test")).toEqual([
    { email: "csv-branded@imp-brand.test", brand: "atomm" },
    { email: "csv-plain@imp-brand.test", brand: null },
    { email: "json-branded@imp-brand.test", brand: "support" },
    { email: "json-plain@imp-brand.test", brand: null },
  ]);
  expect(await consoleFinds("imp-brand.test", "&brand=support")).toEqual([{ email: "json-branded@imp-brand.test", brand: "support" }]);
  // the export names it in its brand column
  const exported = await send("GET", "/v1/console/users/export?format=json&by=email&q=csv-branded%40imp-brand", { headers: admin });
  expect(JSON.parse(await exported.text())).toEqual([expect.objectContaining({ email: "csv-branded@imp-brand.test", brand: "atomm" })]);
});
