/** @jest-environment node */
import { createNativeBridge, NativeBridgeError } from "@/lib/bridge/native";
import { NATIVE_TIMEOUTS_MS, timeoutClassOf } from "@/lib/contract/native-bridge";

/**
 * SPEC §9's native timeouts at their real values, on a fake clock: 1 s for the version and device
 * info, 5 s for most, 60 s for a G-code download, 24 h for a native login and a file task. The app
 * here accepts every request and never answers it (or, for tasks, keeps saying "pending").
 */
type Call = { cmd: string; params: Record<string, unknown> };
let calls: Call[] = [];

function respond(id: string, result: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ v: 1, id, ok: true, result }), { headers: { "content-type": "application/json" } });
}

/** An app that takes tasks and long-polls forever, and never answers anything else. */
const silentApp: typeof fetch = (_input, init) => {
  const body = JSON.parse(String(init?.body)) as { id: string; cmd: string; params: Record<string, unknown> };
  calls.push({ cmd: body.cmd, params: body.params });
  if (body.cmd === "login.open" || (body.cmd === "file.download" && body.params.kind === "file")) return Promise.resolve(respond(body.id, { task: "task-1" }));
  if (body.cmd === "task.cancel") return Promise.resolve(respond(body.id, {}));
  if (body.cmd === "task.wait") {
    return new Promise((resolve) => setTimeout(() => resolve(respond(body.id, { state: "pending" })), Number(body.params.waitMs)));
  }
  return new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
};

const realFetch = global.fetch;
beforeEach(() => {
  calls = [];
  jest.useFakeTimers();
  global.fetch = jest.fn(silentApp);
});
afterEach(() => {
  jest.useRealTimers();
  global.fetch = realFetch;
});

/** Resolves to the failure reason, or "pending" while the call is still running. */
function watch(promise: Promise<unknown>): () => string {
  let state = "pending";
  promise.then(
    () => (state = "resolved"),
    (error: unknown) => (state = error instanceof NativeBridgeError ? error.reason : "other"),
  );
  return () => state;
}

async function expectTimeoutAt(start: () => Promise<unknown>, limitMs: number): Promise<void> {
  const state = watch(start());
  await jest.advanceTimersByTimeAsync(limitMs - 1);
  expect(state()).toBe("pending");
  await jest.advanceTimersByTimeAsync(1);
  expect(state()).toBe("timeout");
}

test("the classes are SPEC §9's", () => {
  expect(NATIVE_TIMEOUTS_MS).toEqual({ quick: 1_000, standard: 5_000, gcode: 60_000, task: 86_400_000 });
  expect(timeoutClassOf("app.version")).toBe("quick");
  expect(timeoutClassOf("device.info")).toBe("quick");
  expect(timeoutClassOf("storage.get")).toBe("standard");
  expect(timeoutClassOf("url.open")).toBe("standard");
  expect(timeoutClassOf("file.download", "gcode")).toBe("gcode");
  expect(timeoutClassOf("file.download", "file")).toBe("task");
  expect(timeoutClassOf("login.open")).toBe("task");
});

test("the app version and device info give up after 1 s", async () => {
  const client = createNativeBridge();
  await expectTimeoutAt(() => client.appVersion(), 1_000);
  await expectTimeoutAt(() => client.deviceInfo(), 1_000);
});

test("most commands give up after 5 s", async () => {
  const client = createNativeBridge({ appVersion: "2.6.0" });
  await expectTimeoutAt(() => client.readLocal("k"), 5_000);
  await expectTimeoutAt(() => client.saveLocal("k", "v"), 5_000);
  await expectTimeoutAt(() => client.openUrl("https://example.com/"), 5_000);
});

test("a G-code download gives up after 60 s", async () => {
  const client = createNativeBridge();
  await expectTimeoutAt(() => client.download({ url: "https://files.example/a.gcode", name: "a.gcode", kind: "gcode" }), 60_000);
});

test("a native login and a file task wait 24 h, polling, then cancel the task", async () => {
  const client = createNativeBridge();
  await expectTimeoutAt(() => client.openLogin({ lang: "en", brand: "passport" }), NATIVE_TIMEOUTS_MS.task);
  const waits = calls.filter((call) => call.cmd === "task.wait");
  expect(waits.length).toBeGreaterThan(3000);
  expect(waits.every((call) => Number(call.params.waitMs) <= 25_000)).toBe(true);
  expect(calls.at(-1)).toEqual({ cmd: "task.cancel", params: { task: "task-1" } });
  await expectTimeoutAt(() => client.download({ url: "https://files.example/manual.pdf", name: "manual.pdf", kind: "file" }), NATIVE_TIMEOUTS_MS.task);
});
