import { count } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { enterprises, exchangeBatches } from "@/lib/backend/db/schema";
import { createCodeBatch, downloadBatchCsv, listCodeBatches, lookupCode, revokeCode } from "@/lib/backend/services/console/codes";
import { enterpriseUsers, listEnterprises, resetEnterprisePassword } from "@/lib/backend/services/console/enterprises";
import { createEnterprise } from "@/lib/backend/services/enterprises";
import { ConsoleError, pageNumber } from "@/lib/backend/services/console/input";
import { call, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, ticketFor, type Backend } from "./support/harness";

/** The console's enterprises and redemption codes, as services on a real database. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ EXCHANGE_CODE_KEY: "k".repeat(40) });
}, OPEN_TIMEOUT);
afterAll(stopBackend);

/** The refusal a call gets: its message key and status. */
async function refusal(promise: Promise<unknown>): Promise<{ key: string; status: number }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConsoleError) return { key: error.key, status: error.status };
    throw error;
  }
  throw new Error("expected a refusal");
}

const enterpriseLogin = (account: string, email: string, password: string) => call("POST", "/v1/enterprise/login", { body: { account, email, password } });

describe("enterprises", () => {
  test("created with a default password shown once, which signs in and asks for a new one", async () => {
    const created = await createEnterprise({ account: "Lumen-7", email: "Ops@Lumen.test", name: " Lumen Works " });
    expect(created).toMatchObject({ account: "Lumen-7", email: "ops@lumen.test", name: "Lumen Works", password: expect.stringMatching(/^[A-Za-z2-9]{16}$/) });
    expect(await enterpriseLogin("lumen-7", "ops@lumen.test", created.password)).toMatchObject({ code: 0, data: { defaultPassword: true } });
  });

  test("search by account prefix or name; % and _ are literal; paged", async () => {
    await createEnterprise({ account: "photon_a", email: "a@photon.test", name: "Photon 100%" });
    await createEnterprise({ account: "photonb", email: "b@photon.test", name: "Photon B" });
    expect((await listEnterprises({ q: "PHOTON", page: 1 })).total).toBe(2);
    expect((await listEnterprises({ q: "photon_", page: 1 })).items.map((item) => item.account)).toEqual(["photon_a"]);
    expect((await listEnterprises({ q: "100%", page: 1 })).items.map((item) => item.account)).toEqual(["photon_a"]);
    expect((await listEnterprises({ q: "%", page: 1 })).items.map((item) => item.account)).toEqual(["photon_a"]);
    expect((await listEnterprises({ q: "' or 1=1 --", page: 1 })).total).toBe(0);
    const all = await listEnterprises({ q: "", page: 1 });
    expect(all.items.map((item) => item.account)).toEqual(expect.arrayContaining(["Lumen-7", "photon_a", "photonb"]));
    expect(all.items.find((item) => item.account === "photonb")?.users).toBe(1);
    expect((await listEnterprises({ q: null, page: 2 })).items).toEqual([]);
  });

  test("bad input is refused with a key and nothing is created", async () => {
    const before = await (await getDb()).select({ n: count() }).from(enterprises);
    expect(await refusal(createEnterprise({ account: "no spaces", email: "x@x.test", name: "X" }))).toEqual({ key: "badAccount", status: 400 });
    expect(await refusal(createEnterprise({ account: "ok1", email: "not-mail", name: "X" }))).toEqual({ key: "badEmail", status: 400 });
    expect(await refusal(createEnterprise({ account: "ok1", email: "x@x.test", name: "x".repeat(10_000) }))).toEqual({ key: "tooLong", status: 400 });
    expect(await refusal(createEnterprise({ account: "ok1", email: "x@x.test", name: "  " }))).toEqual({ key: "required", status: 400 });
    expect(await refusal(createEnterprise({ account: "LUMEN-7", email: "y@y.test", name: "Y" }))).toEqual({ key: "accountTaken", status: 409 });
    expect(await refusal(createEnterprise({ account: "fresh", email: "ops@lumen.test", name: "Y" }))).toEqual({ key: "emailTaken", status: 409 });
    expect(await refusal(listEnterprises({ q: "x".repeat(10_000), page: 1 }))).toEqual({ key: "tooLong", status: 400 });
    const after = await (await getDb()).select({ n: count() }).from(enterprises);
    expect(after).toEqual(before);
  });

  test("page numbers: -1, 0, 10^12 and words are refused", () => {
    for (const page of ["-1", "0", "1000000000000", "two", 1.5, 10_001]) expect(() => pageNumber(page)).toThrow(ConsoleError);
    expect(pageNumber(undefined)).toBe(1);
    expect(pageNumber("3")).toBe(3);
  });

  test("its users; a reset gives a new default password, ends their sessions and the old one stops working", async () => {
    const created = await createEnterprise({ account: "reset-co", email: "boss@reset.test", name: "Reset Co" });
    const first = await enterpriseLogin("reset-co", "boss@reset.test", created.password);
    const { enterprise, users } = await enterpriseUsers(created.id);
    expect(enterprise).toMatchObject({ account: "reset-co", users: 1 });
    expect(users).toEqual([expect.objectContaining({ email: "boss@reset.test", defaultPassword: true, status: "active", lastSignIn: expect.any(String) })]);
    const reset = await resetEnterprisePassword({ enterpriseId: created.id, userId: users[0]?.id });
    expect(reset.password).not.toBe(created.password);
    expect((await call("GET", "/v1/user/basic", { token: String(first.data?.utoken) })).code).toBe(20101);
    expect((await enterpriseLogin("reset-co", "boss@reset.test", created.password)).code).not.toBe(0);
    expect(await enterpriseLogin("reset-co", "boss@reset.test", reset.password)).toMatchObject({ code: 0, data: { defaultPassword: true } });
  });

  test("a reset names a user of that enterprise: another one's user, a consumer or a bad id is refused", async () => {
    const one = await createEnterprise({ account: "one-co", email: "a@one.test", name: "One" });
    const two = await createEnterprise({ account: "two-co", email: "a@two.test", name: "Two" });
    const twoUser = (await enterpriseUsers(two.id)).users[0]?.id;
    const consumer = await registerUser("consumer@reset.test");
    expect(await refusal(resetEnterprisePassword({ enterpriseId: one.id, userId: twoUser }))).toEqual({ key: "notFound", status: 404 });
    expect(await refusal(resetEnterprisePassword({ enterpriseId: one.id, userId: consumer.uid }))).toEqual({ key: "notFound", status: 404 });
    expect(await refusal(resetEnterprisePassword({ enterpriseId: "x'; drop table users; --", userId: twoUser }))).toEqual({ key: "badId", status: 400 });
    expect(await refusal(enterpriseUsers("00000000-0000-4000-8000-000000000000"))).toEqual({ key: "notFound", status: 404 });
  });
});

describe("codes", () => {
  const good = { benefitEn: "XCS Pro, 1 year", benefitZh: "XCS 专业版一年", count: 3, benefitDays: 365, validUntil: "2026-12-31" };

  test("a batch's CSV downloads once; a user redeems a code from it; the list counts it", async () => {
    const batch = await createCodeBatch(good);
    expect(batch).toMatchObject({ size: 3, downloadToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const { csv } = await downloadBatchCsv(batch.downloadToken);
    const [header, ...rows] = csv.trim().split("\r\n");
    expect(header).toBe("code,status");
    expect(rows).toHaveLength(3);
    expect(await refusal(downloadBatchCsv(batch.downloadToken))).toEqual({ key: "downloadSpent", status: 410 });

    const code = rows[0]?.split(",")[0] ?? "";
    const user = await registerUser("redeemer@codes.test");
    const ticket = await ticketFor("redeem", "redeemer@codes.test");
    expect((await call("POST", "/v1/exchange/effect", { token: user.utoken, body: { code, ticket }, headers: { lang: "en" } })).code).toBe(0);
    expect(await lookupCode(code.toLowerCase())).toMatchObject({ batchId: batch.batchId, status: "redeemed", redeemedBy: "redeemer@codes.test" });
    expect(await revokeCode(code)).toEqual({ revoked: false, status: "redeemed" });
    expect(await revokeCode(rows[1]?.split(",")[0])).toEqual({ revoked: true, status: "revoked" });
    expect(await revokeCode(rows[1]?.split(",")[0])).toEqual({ revoked: false, status: "revoked" });

    const listed = (await listCodeBatches(1)).items.find((item) => item.id === batch.batchId);
    expect(listed).toMatchObject({ size: 3, counts: { redeemed: 1, revoked: 1, expired: 0, unused: 1 }, downloadedAt: expect.any(String) });
  });

  test("the download token lasts 15 minutes; unknown tokens get the same answer", async () => {
    const batch = await createCodeBatch({ ...good, count: 1 });
    backend.advance(15 * 60 + 1);
    expect(await refusal(downloadBatchCsv(batch.downloadToken))).toEqual({ key: "downloadSpent", status: 410 });
    expect(await refusal(downloadBatchCsv("A".repeat(43)))).toEqual({ key: "downloadSpent", status: 410 });
    expect(await refusal(downloadBatchCsv("../../etc/passwd"))).toEqual({ key: "downloadSpent", status: 410 });
  });

  test("expired codes are counted as expired", async () => {
    const batch = await createCodeBatch({ ...good, count: 2, validUntil: "2027-01-01" });
    backend.advance(400 * 86_400);
    const listed = (await listCodeBatches(1)).items.find((item) => item.id === batch.batchId);
    expect(listed?.counts).toEqual({ redeemed: 0, revoked: 0, expired: 2, unused: 0 });
  });

  test("bad batches, codes and pages are refused and create nothing", async () => {
    const before = await (await getDb()).select({ n: count() }).from(exchangeBatches);
    expect(await refusal(createCodeBatch({ ...good, count: 0 }))).toMatchObject({ key: "badCount" });
    expect(await refusal(createCodeBatch({ ...good, count: "1e3" }))).toMatchObject({ key: "badCount" });
    expect(await refusal(createCodeBatch({ ...good, count: 1_000_000 }))).toMatchObject({ key: "badCount" });
    expect(await refusal(createCodeBatch({ ...good, benefitDays: -1 }))).toMatchObject({ key: "badDays" });
    expect(await refusal(createCodeBatch({ ...good, benefitEn: "x".repeat(10_000) }))).toMatchObject({ key: "tooLong" });
    expect(await refusal(createCodeBatch({ ...good, benefitZh: "" }))).toMatchObject({ key: "required" });
    expect(await refusal(createCodeBatch({ ...good, validUntil: "2026-02-30" }))).toMatchObject({ key: "badDate" });
    expect(await refusal(createCodeBatch({ ...good, validUntil: "2020-01-01" }))).toMatchObject({ key: "badValidity" });
    expect(await refusal(lookupCode("short"))).toEqual({ key: "badCode", status: 400 });
    expect(await refusal(lookupCode("%%%%%%%%%%%%%%%%"))).toEqual({ key: "badCode", status: 400 });
    expect(await refusal(lookupCode("ABCDEFGHJKLMNPQR"))).toEqual({ key: "notFound", status: 404 });
    const after = await (await getDb()).select({ n: count() }).from(exchangeBatches);
    expect(after).toEqual(before);
  });
});
