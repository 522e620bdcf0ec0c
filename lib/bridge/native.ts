import { isVersionAtLeast } from "@/lib/launch/version";
import {
  NATIVE_BRIDGE_ORIGIN,
  NATIVE_BRIDGE_PATH,
  NATIVE_PROTOCOL_VERSION,
  NATIVE_STORAGE_MIN_VERSION,
  NATIVE_TIMEOUTS_MS,
  readNativeResponse,
  TASK_WAIT_MAX_MS,
  timeoutClassOf,
  type DownloadKind,
  type NativeCommand,
  type NativeCommands,
  type NativeErrorCode,
  type TimeoutClass,
} from "@/lib/contract/native-bridge";

/**
 * The client of the native app's bridge (SPEC §7, §9; docs/native-bridge.md), client-only.
 * Every call has SPEC §9's timeout for its class: 1 s for the app version and device info, 5 s for
 * most, 60 s for a G-code download, 24 h for a native login or a file task. A task is started,
 * then waited for with long polls until it ends or its deadline passes (then it is cancelled).
 */
export type NativeFailure = "absent" | "timeout" | "protocol" | NativeErrorCode;

export class NativeBridgeError extends Error {
  constructor(
    readonly reason: NativeFailure,
    readonly command: NativeCommand,
  ) {
    super(`native bridge: ${command} failed (${reason})`);
    this.name = "NativeBridgeError";
  }
}

export type NativeBridgeOptions = {
  /** where the app listens; SPEC §7's port 9527 on loopback */
  origin?: string;
  /** the launch context's `av`: gates commands newer apps have (storage from 2.1.0) */
  appVersion?: string;
  /** SPEC §9's values unless a test says otherwise */
  timeouts?: Partial<Record<TimeoutClass, number>>;
  /** how long one task.wait may be held open (the app answers "pending" sooner) */
  waitMs?: number;
};

export type NativeBridge = ReturnType<typeof createNativeBridge>;

let sequence = 0;
function newId(): string {
  const random = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID().replace(/-/g, "") : Math.random().toString(36).slice(2);
  sequence += 1;
  return `${random.slice(0, 24)}${sequence.toString(36)}`;
}

export function createNativeBridge(options: NativeBridgeOptions = {}) {
  const origin = options.origin ?? NATIVE_BRIDGE_ORIGIN;
  const timeouts = { ...NATIVE_TIMEOUTS_MS, ...options.timeouts };
  const waitMs = Math.min(options.waitMs ?? TASK_WAIT_MAX_MS, TASK_WAIT_MAX_MS);

  async function send<C extends NativeCommand>(cmd: C, params: NativeCommands[C]["params"], timeoutMs: number): Promise<NativeCommands[C]["result"]> {
    const id = newId();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${origin}${NATIVE_BRIDGE_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ v: NATIVE_PROTOCOL_VERSION, id, cmd, params }),
        signal: controller.signal,
        cache: "no-store",
        credentials: "omit",
      });
    } catch {
      throw new NativeBridgeError(controller.signal.aborted ? "timeout" : "absent", cmd);
    } finally {
      clearTimeout(timer);
    }
    let answer: ReturnType<typeof readNativeResponse> = null;
    try {
      answer = readNativeResponse(await response.json());
    } catch {
      answer = null;
    }
    if (!answer || answer.id !== id) throw new NativeBridgeError("protocol", cmd);
    if (!answer.ok) throw new NativeBridgeError(answer.error.code, cmd);
    return answer.result as NativeCommands[C]["result"];
  }

  /** Waits for a task until its deadline; past it the task is cancelled and the call times out. */
  async function waitFor(cmd: NativeCommand, task: string, deadlineMs: number): Promise<Record<string, unknown>> {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const wait = Math.min(waitMs, left);
      // one poll the app was slow to answer is not the task's end: only its deadline is
      const state = await send("task.wait", { task, waitMs: wait }, wait + timeouts.standard).catch((error: unknown) => {
        if (error instanceof NativeBridgeError && error.reason === "timeout") return { state: "pending" as const };
        throw error;
      });
      if (state.state === "done") return state.result;
    }
    await send("task.cancel", { task }, timeouts.standard).catch(() => undefined);
    throw new NativeBridgeError("timeout", cmd);
  }

  function requireVersion(cmd: NativeCommand, minimum: string): void {
    if (!options.appVersion || !isVersionAtLeast(options.appVersion, minimum)) throw new NativeBridgeError("unsupported", cmd);
  }

  const stringOf = (value: unknown, cmd: NativeCommand): string => {
    if (typeof value !== "string" || value === "") throw new NativeBridgeError("protocol", cmd);
    return value;
  };

  return {
    appVersion: () => send("app.version", {}, timeouts[timeoutClassOf("app.version")]),
    deviceInfo: () => send("device.info", {}, timeouts[timeoutClassOf("device.info")]),

    /** The app's own sign-in screen; resolves with the session token once the user signed in there. */
    async openLogin(params: NativeCommands["login.open"]["params"]): Promise<{ utoken: string }> {
      const { task } = await send("login.open", params, timeouts.standard);
      const result = await waitFor("login.open", task, timeouts[timeoutClassOf("login.open")]);
      return { utoken: stringOf(result.utoken, "login.open") };
    },

    async saveLocal(key: string, value: string): Promise<void> {
      requireVersion("storage.set", NATIVE_STORAGE_MIN_VERSION);
      await send("storage.set", { key, value }, timeouts.standard);
    },

    async readLocal(key: string): Promise<string | null> {
      requireVersion("storage.get", NATIVE_STORAGE_MIN_VERSION);
      const { value } = await send("storage.get", { key }, timeouts.standard);
      return typeof value === "string" ? value : null;
    },

    /** A G-code file within 60 s; any other file as a task of up to 24 h. Resolves with the saved path. */
    async download(params: { url: string; name: string; kind: DownloadKind }): Promise<{ path: string }> {
      const cls = timeoutClassOf("file.download", params.kind);
      const started = await send("file.download", params, params.kind === "gcode" ? timeouts[cls] : timeouts.standard);
      if ("path" in started) return { path: stringOf(started.path, "file.download") };
      const result = await waitFor("file.download", stringOf(started.task, "file.download"), timeouts[cls]);
      return { path: stringOf(result.path, "file.download") };
    },

    openUrl: (url: string) => send("url.open", { url }, timeouts.standard),
  };
}
