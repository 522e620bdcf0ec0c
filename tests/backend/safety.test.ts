import { completedResponse, prizeInfoResponse, startTrainingResponse } from "@/lib/contract/safety";
import { runCli } from "@/lib/backend/cli/run";
import { trainingEntryVisible } from "@/lib/training/menu-rule";
import { call, envelope, OPEN_TIMEOUT, registerUser, send, startBackend, stopBackend } from "./support/harness";

/** Pre-use safety training: device ownership, the side-menu rule it drives, courses and certificates. */
const DEVICE_KEY = "d".repeat(40);
beforeAll(async () => {
  await startBackend({ SAFETY_DEVICE_API_KEY: DEVICE_KEY });
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function prize(utoken: string) {
  const reply = await call("GET", "/v1/safety/getPrizeInfo", { token: utoken });
  expect(reply.code).toBe(0);
  return prizeInfoResponse.parse(reply.data);
}

function devices(body: Record<string, unknown>, key: string | null = DEVICE_KEY) {
  return call("PUT", "/v1/safety/devices", { body, headers: key ? { "x-device-key": key } : {} });
}

/** The text of every page of a PDF (pdf.js, as a reader would extract it). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: bytes, useSystemFonts: false }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  // runs of one font are separate items: join them and fold the gaps between them
  return content.items.map((item) => ("str" in item ? item.str : "")).join("").replace(/\s+/g, " ");
}

describe("who has which device, and the training side-menu rule", () => {
  test("a new user has nothing: the entry is removed in a browser and for an app ≥ 2.6.0; an older app never offers it", async () => {
    const { utoken } = await registerUser("nobody@example.com");
    const info = await prize(utoken);
    expect(info).toEqual({ isFinish: false, isHave: false, printIsFinish: false, printIsHave: false, certId: null, printCertId: null, finishedAt: null, printFinishedAt: null });
    expect(trainingEntryVisible({ appVersion: "", prize: info })).toBe(false);
    expect(trainingEntryVisible({ appVersion: "2.6.0", prize: info })).toBe(false);
  });

  test("the device side (with its key) and the operator command make the entry appear; taking both away removes it again", async () => {
    const { utoken, uid } = await registerUser("owner@example.com");
    expect(await devices({ email: "owner@example.com", laser: true }, null)).toMatchObject({ status: 403, code: 20102 });
    expect(await devices({ email: "owner@example.com", laser: true }, "x".repeat(40))).toMatchObject({ status: 403, code: 20102 });
    expect((await prize(utoken)).isHave).toBe(false);

    expect(await devices({ email: "Owner@Example.com", laser: true })).toMatchObject({ code: 0, data: { uid, isHave: true, printIsHave: false } });
    let info = await prize(utoken);
    expect(trainingEntryVisible({ appVersion: "", prize: info })).toBe(true);
    expect(trainingEntryVisible({ appVersion: "2.6.1", prize: info })).toBe(true);
    expect(trainingEntryVisible({ appVersion: "2.5.9", prize: info })).toBe(false);

    await devices({ uid, laser: false });
    expect(trainingEntryVisible({ appVersion: "", prize: await prize(utoken) })).toBe(false);

    const out: string[] = [];
    expect(await runCli(["safety:devices", "owner@example.com", "--printer", "on", "--reason", "bought a printer"], { out: (line) => out.push(line), err: () => undefined })).toBe(0);
    expect(out).toEqual(["owner@example.com: laser no, printer yes."]);
    info = await prize(utoken);
    expect(info).toMatchObject({ isHave: false, printIsHave: true });
    expect(trainingEntryVisible({ appVersion: "", prize: info })).toBe(true);
  });

  test("the device call refuses an unknown account and a body naming both or neither", async () => {
    expect(await devices({ email: "ghost@example.com", laser: true })).toMatchObject({ code: 20202 });
    expect(await devices({ laser: true })).toMatchObject({ status: 400, code: 10001 });
    expect(await devices({ email: "a@b.test", uid: "4f1c1c9e-1111-4a4a-8888-000000000000" })).toMatchObject({ code: 10001 });
  });
});

describe("courses and certificates", () => {
  test("start issues a certId that completion confirms; the PDF names the user (any script) and the certId, in their language", async () => {
    const { utoken } = await registerUser("trainee@example.com");
    await call("PATCH", "/v1/user/otherinfo", { token: utoken, body: { nickname: "张伟 Zoë", introduction: "" } });
    const started = startTrainingResponse.parse((await call("POST", "/v1/safety/start", { token: utoken, body: { course: "laser" } })).data);
    expect(started).toMatchObject({ course: "laser", finished: false, certId: expect.stringMatching(/^LS2603-[0-9A-Z]{8}$/) });
    expect((await call("POST", "/v1/safety/start", { token: utoken, body: { course: "laser" } })).data).toMatchObject({ certId: started.certId });
    expect(await prize(utoken)).toMatchObject({ isFinish: false, certId: started.certId });

    const early = await send("GET", `/v1/safety/getPrizePDF?certId=${started.certId}`, { token: utoken });
    expect(await envelope(early)).toMatchObject({ status: 403, code: 20502 });

    const { certId } = started;
    expect(await call("PATCH", `/v1/safety/completed?certId=PR2603-AAAAAAAA`, { token: utoken, body: { certId } })).toMatchObject({ code: 10001 });
    expect(await call("PATCH", `/v1/safety/completed?certId=${certId}`, { token: utoken, body: {} })).toMatchObject({ code: 10001 });
    const done = await call("PATCH", `/v1/safety/completed?certId=${certId}`, { token: utoken, body: { certId } });
    expect(completedResponse.parse(done.data)).toEqual({ certId, course: "laser", completedAt: new Date().toISOString() });
    expect(await prize(utoken)).toMatchObject({ isFinish: true, certId, finishedAt: new Date().toISOString() });

    const response = await send("GET", `/v1/safety/getPrizePDF?certId=${certId}`, { token: utoken, headers: { lang: "zh" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(200_000);
    const text = await pdfText(bytes);
    expect(text).toContain("张伟 Zoë");
    expect(text).toContain(certId);
    expect(text).toContain("激光安全培训证书");
    expect(text).toContain("2026-03-01");
    const english = await pdfText(new Uint8Array(await (await send("GET", `/v1/safety/getPrizePDF?certId=${certId}`, { token: utoken, headers: { lang: "en" } })).arrayBuffer()));
    expect(english).toContain("Laser Safety Training Certificate");
  });

  test("another user's certificate cannot be completed or downloaded", async () => {
    const owner = await registerUser("cert-owner@example.com");
    const thief = await registerUser("cert-thief@example.com");
    const { certId } = startTrainingResponse.parse((await call("POST", "/v1/safety/start", { token: owner.utoken, body: { course: "printer" } })).data);
    expect(certId).toMatch(/^PR/);
    expect(await call("PATCH", `/v1/safety/completed?certId=${certId}`, { token: thief.utoken, body: { certId } })).toMatchObject({ code: 20502 });
    await call("PATCH", `/v1/safety/completed?certId=${certId}`, { token: owner.utoken, body: { certId } });
    expect(await envelope(await send("GET", `/v1/safety/getPrizePDF?certId=${certId}`, { token: thief.utoken }))).toMatchObject({ code: 20502 });
    expect(await envelope(await send("GET", `/v1/safety/getPrizePDF?certId=../etc`, { token: owner.utoken }))).toMatchObject({ code: 10001 });
    expect(await envelope(await send("GET", `/v1/safety/getPrizePDF?certId=${certId}`))).toMatchObject({ code: 20101 });
  });
});
