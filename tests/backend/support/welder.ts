import { welderStartResponse } from "@/lib/contract/safety";
import { call, type Backend } from "./harness";

/** A welder video of this many seconds (TRAINING_VIDEO_SECONDS) keeps full viewings short. */
export const VIDEO_SECONDS = 10;
export const WELDER_ENV = { SN_PASSWORD_KEY: "passport-sn-test-key-0123456789abcdef", TRAINING_VIDEO_URL: "/training/short.mp4", TRAINING_VIDEO_SECONDS: String(VIDEO_SECONDS) };

/** A viewing played through at normal speed, one report a second, then finished. */
export async function watchInFull(backend: Backend, utoken: string): Promise<void> {
  const started = await call("POST", "/v1/safety/welder/start", { token: utoken });
  const { viewId } = welderStartResponse.parse(started.data);
  for (let second = 1; second <= VIDEO_SECONDS; second++) {
    backend.advance(1);
    expect(await call("POST", "/v1/safety/welder/progress", { token: utoken, body: { viewId, position: second } })).toMatchObject({ code: 0 });
  }
  expect(await call("POST", "/v1/safety/welder/finish", { token: utoken, body: { viewId } })).toMatchObject({ code: 0 });
}

/** The i-th test SN: 23 characters, all different. */
export function snNumber(i: number): string {
  return `XTW1200A2026B${String(i).padStart(10, "0")}`;
}
