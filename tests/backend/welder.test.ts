import { snPasswordResponse, welderStartResponse, welderStateResponse } from "@/lib/contract/safety";
import { deriveSnPassword } from "@/lib/backend/services/sn-password";
import { call, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";

/** The laser welder video, watched under the server's clock, and the SN passwords it unlocks. */
const SN_KEY = "passport-sn-test-key-0123456789abcdef";
const SN = "XTW1200A2026B0000000001";
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ SN_PASSWORD_KEY: SN_KEY, TRAINING_VIDEO_URL: "/training/short.mp4", TRAINING_VIDEO_CAPTIONS: "/training/short.{lang}.vtt", TRAINING_VIDEO_SECONDS: "10" });
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function start(utoken: string): Promise<string> {
  const reply = await call("POST", "/v1/safety/welder/start", { token: utoken });
  return welderStartResponse.parse(reply.data).viewId;
}

const progress = (utoken: string, viewId: string, position: number) => call("POST", "/v1/safety/welder/progress", { token: utoken, body: { viewId, position } });
const finish = (utoken: string, viewId: string) => call("POST", "/v1/safety/welder/finish", { token: utoken, body: { viewId } });
const password = (utoken: string, sn: string, power = "1200W") => call("POST", "/v1/safety/welder/password", { token: utoken, body: { sn, power } });

/** A viewing played through at normal speed, one report a second. */
async function watchInFull(utoken: string): Promise<void> {
  const viewId = await start(utoken);
  for (let second = 1; second <= 10; second++) {
    backend.advance(1);
    expect(await progress(utoken, viewId, second)).toMatchObject({ code: 0 });
  }
  expect(await finish(utoken, viewId)).toMatchObject({ code: 0, data: { completed: true } });
}

test("the state names the configured video, its captions per language and its length", async () => {
  const { utoken } = await registerUser("viewer@example.com");
  const state = welderStateResponse.parse((await call("GET", "/v1/safety/welder", { token: utoken })).data);
  expect(state).toEqual({ completed: false, completedAt: null, videoUrl: "/training/short.mp4", captions: { en: "/training/short.en.vtt", zh: "/training/short.zh.vtt" }, durationSeconds: 10 });
});

test("the password endpoint refuses a user who did not finish the video, whatever the client claims", async () => {
  const { utoken } = await registerUser("skipper@example.com");
  expect(await password(utoken, SN)).toMatchObject({ status: 403, code: 20503 });

  const viewId = await start(utoken);
  // claiming the end right away, or finishing without reports, is refused
  expect(await progress(utoken, viewId, 10)).toMatchObject({ status: 409, code: 20506 });
  expect(await finish(utoken, viewId)).toMatchObject({ code: 20506 });
  // a jump forward after some honest seconds is refused too
  backend.advance(3);
  expect(await progress(utoken, viewId, 3)).toMatchObject({ code: 0 });
  backend.advance(1);
  expect(await progress(utoken, viewId, 9)).toMatchObject({ code: 20506 });
  // waiting long enough without reporting the positions does not finish it either
  backend.advance(20);
  expect(await finish(utoken, viewId)).toMatchObject({ code: 20506 });
  expect(await password(utoken, SN)).toMatchObject({ code: 20503 });
  // someone else's viewing is not theirs to report on
  const other = await registerUser("other-viewer@example.com");
  expect(await progress(other.utoken, viewId, 1)).toMatchObject({ code: 20506 });
});

test("leaving mid-video starts over: a new viewing abandons the old one", async () => {
  const { utoken } = await registerUser("leaver@example.com");
  const first = await start(utoken);
  backend.advance(5);
  expect(await progress(utoken, first, 5)).toMatchObject({ code: 0 });
  const second = await start(utoken);
  expect(await progress(utoken, first, 6)).toMatchObject({ code: 20506 });
  backend.advance(1);
  expect(await progress(utoken, second, 6)).toMatchObject({ code: 20506 });
  expect(await progress(utoken, second, 1)).toMatchObject({ code: 0 });
});

test("after a full viewing: passwords for a 23-character SN and a light source, the documented derivation; SN mistakes have their own codes", async () => {
  const { utoken } = await registerUser("welder@example.com");
  await watchInFull(utoken);
  expect((await call("GET", "/v1/safety/welder", { token: utoken })).data).toMatchObject({ completed: true, completedAt: new Date().toISOString() });

  const reply = await password(utoken, SN.toLowerCase());
  expect(snPasswordResponse.parse(reply.data)).toEqual({ sn: SN, power: "1200W", password: "MQBDUDGMDYKM" });
  expect((await password(utoken, SN, "800W")).data).toMatchObject({ password: "MXUZKZHBMA5J" });
  expect(deriveSnPassword(Buffer.from(SN_KEY), "xtw0800-2026-c000000042", "800W")).toBe("YET9D86Y8DGA");

  expect(await password(utoken, SN.slice(0, 22))).toMatchObject({ status: 400, code: 20504 });
  expect(await password(utoken, `${SN}X`)).toMatchObject({ code: 20504 });
  expect(await password(utoken, `${SN.slice(0, 22)}!`)).toMatchObject({ status: 400, code: 20505 });
  expect(await password(utoken, SN, "1000W")).toMatchObject({ status: 400, code: 10001 });
  expect(await call("POST", "/v1/safety/welder/password", { body: { sn: SN, power: "1200W" } })).toMatchObject({ code: 20101 });
});
