/**
 * The native bridge (SPEC §7, §9): the portal, in a native app's webview, asks the app for things
 * over HTTP on 127.0.0.1:9527. The protocol is ours (docs/native-bridge.md): versioned JSON
 * requests and responses matched by id, long work as tasks the page waits for.
 *
 *   POST http://127.0.0.1:9527/passport-bridge   Content-Type: application/json
 *   → { "v": 1, "id": "b6f…", "cmd": "app.version", "params": {} }
 *   ← { "v": 1, "id": "b6f…", "ok": true, "result": { "version": "2.6.0" } }
 *   ← { "v": 1, "id": "b6f…", "ok": false, "error": { "code": "unsupported", "message": "…" } }
 *
 * Plain TypeScript (no zod): the client is loaded by public pages.
 */
export const NATIVE_BRIDGE_PORT = 9527;
export const NATIVE_BRIDGE_ORIGIN = `http://127.0.0.1:${NATIVE_BRIDGE_PORT}`;
export const NATIVE_BRIDGE_PATH = "/passport-bridge";
export const NATIVE_PROTOCOL_VERSION = 1;
/** SPEC §7/§9: native storage needs app version 2.1.0 or higher. */
export const NATIVE_STORAGE_MIN_VERSION = "2.1.0";
/** The longest a single task.wait may be held open by the app before it answers "pending". */
export const TASK_WAIT_MAX_MS = 25_000;

/** SPEC §9's timeout classes. */
export const NATIVE_TIMEOUTS_MS = {
  /** app version and device info */
  quick: 1_000,
  /** most commands */
  standard: 5_000,
  /** a G-code download */
  gcode: 60_000,
  /** a native login or a file task: the user may take their time */
  task: 24 * 60 * 60 * 1_000,
} as const;
export type TimeoutClass = keyof typeof NATIVE_TIMEOUTS_MS;

export type DownloadKind = "gcode" | "file";

/** Every command with its parameters and result. */
export type NativeCommands = {
  "app.version": { params: Record<string, never>; result: { version: string; platform?: string; build?: string } };
  "device.info": { params: Record<string, never>; result: { os: string; osVersion?: string; model?: string; locale?: string } };
  /** starts the app's own sign-in screen: a task whose result is the session token */
  "login.open": { params: { lang: string; brand: string }; result: { task: string } };
  "storage.set": { params: { key: string; value: string }; result: Record<string, never> };
  "storage.get": { params: { key: string }; result: { value: string | null } };
  /** a G-code file is fetched within 60 s and answered directly; any other file is a task */
  "file.download": { params: { url: string; name: string; kind: DownloadKind }; result: { path: string } | { task: string } };
  "url.open": { params: { url: string }; result: Record<string, never> };
  /** waits up to waitMs for a task: pending, or done with the task's result */
  "task.wait": { params: { task: string; waitMs: number }; result: { state: "pending" } | { state: "done"; result: Record<string, unknown> } };
  "task.cancel": { params: { task: string }; result: Record<string, never> };
};
export type NativeCommand = keyof NativeCommands;
export const NATIVE_COMMANDS = ["app.version", "device.info", "login.open", "storage.set", "storage.get", "file.download", "url.open", "task.wait", "task.cancel"] as const satisfies readonly NativeCommand[];

export type NativeErrorCode =
  /** the app does not know the command, or not with these parameters */
  | "unknown_command"
  | "bad_params"
  /** the app knows it but cannot here (an app older than the command, a platform without it) */
  | "unsupported"
  /** the user or the app said no (closed the login, refused a download) */
  | "cancelled"
  | "denied"
  /** no such task (finished long ago, or never existed) */
  | "not_found"
  | "failed";
export const NATIVE_ERROR_CODES: readonly NativeErrorCode[] = ["unknown_command", "bad_params", "unsupported", "cancelled", "denied", "not_found", "failed"];

export type NativeRequest = { v: typeof NATIVE_PROTOCOL_VERSION; id: string; cmd: string; params: Record<string, unknown> };
export type NativeResponse =
  | { v: typeof NATIVE_PROTOCOL_VERSION; id: string; ok: true; result: Record<string, unknown> }
  | { v: typeof NATIVE_PROTOCOL_VERSION; id: string; ok: false; error: { code: NativeErrorCode; message?: string } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const ID = /^[A-Za-z0-9_-]{8,64}$/;

export function readNativeRequest(data: unknown): NativeRequest | null {
  if (!isObject(data) || data.v !== NATIVE_PROTOCOL_VERSION || typeof data.id !== "string" || !ID.test(data.id)) return null;
  if (typeof data.cmd !== "string" || data.cmd.length > 64) return null;
  const params = data.params === undefined ? {} : data.params;
  return isObject(params) ? { v: NATIVE_PROTOCOL_VERSION, id: data.id, cmd: data.cmd, params } : null;
}

export function readNativeResponse(data: unknown): NativeResponse | null {
  if (!isObject(data) || data.v !== NATIVE_PROTOCOL_VERSION || typeof data.id !== "string") return null;
  if (data.ok === true) return isObject(data.result) ? { v: NATIVE_PROTOCOL_VERSION, id: data.id, ok: true, result: data.result } : null;
  if (data.ok !== false || !isObject(data.error)) return null;
  const code = data.error.code;
  if (typeof code !== "string" || !(NATIVE_ERROR_CODES as readonly string[]).includes(code)) return null;
  const message = typeof data.error.message === "string" ? data.error.message.slice(0, 500) : undefined;
  return { v: NATIVE_PROTOCOL_VERSION, id: data.id, ok: false, error: { code: code as NativeErrorCode, ...(message ? { message } : {}) } };
}

/** The timeout class of a command (SPEC §9); a download's depends on its kind. */
export function timeoutClassOf(cmd: NativeCommand, kind?: DownloadKind): TimeoutClass {
  if (cmd === "app.version" || cmd === "device.info") return "quick";
  if (cmd === "login.open") return "task";
  if (cmd === "file.download") return kind === "gcode" ? "gcode" : "task";
  return "standard";
}
