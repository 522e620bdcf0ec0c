/**
 * A reference native bridge (docs/native-bridge.md): what a native app answers on
 * 127.0.0.1:9527 for the portal in its webview. Native teams run it to develop against
 * (`npm run bridge -- --help`, reference-bridge-cli.ts); the portal's tests run it in-process.
 *
 * It does what the protocol asks of an app: protocol version 1, request ids echoed, the commands
 * of SPEC §7 (app version, device info, a native login, local storage from app version 2.1.0,
 * downloads), long work as tasks with long polls, and the browser's rules for a page that calls a
 * loopback port: CORS only for the portal's origins, the Private Network Access preflight, a JSON
 * content type (so every browser call is preflighted), and the Host header checked (DNS rebinding).
 */
import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers";
import { NATIVE_BRIDGE_PATH, NATIVE_BRIDGE_PORT, NATIVE_PROTOCOL_VERSION, readNativeRequest, type NativeErrorCode } from "../../lib/contract/native-bridge";
import { isVersionAtLeast } from "../../lib/launch/version";
import { BadParams, FILE_NAME, httpUrl, KEY, readBody, text } from "./reference-bridge-input";
import { createTasks, TaskError } from "./reference-bridge-tasks";

export type ReferenceBridgeOptions = {
  port?: number;
  /** origins whose pages may call the bridge (CORS); a call without Origin (not a browser) is always answered */
  allowedOrigins?: readonly string[];
  appVersion?: string;
  /** answer these commands only after so many milliseconds (to exercise the client's timeouts) */
  delays?: Partial<Record<string, number>>;
  /** a native login completes by itself with this token after `afterMs`; without it, it waits for completeLogin() */
  login?: { token: string; afterMs?: number };
  downloadDir?: string;
  log?: (line: string) => void;
};

export type ReferenceBridge = {
  origin: string;
  port: number;
  /** the user finished the app's own sign-in screen */
  completeLogin(token: string): void;
  storage: Map<string, string>;
  close(): Promise<void>;
};

export async function startReferenceBridge(options: ReferenceBridgeOptions = {}): Promise<ReferenceBridge> {
  const allowed = new Set(options.allowedOrigins ?? []);
  const appVersion = options.appVersion ?? "2.6.0";
  const downloadDir = options.downloadDir ?? path.join(os.tmpdir(), "passport-bridge-downloads");
  const log = options.log ?? (() => undefined);
  const storage = new Map<string, string>();
  const tasks = createTasks();
  let port = options.port ?? NATIVE_BRIDGE_PORT;

  async function download(url: URL, name: string): Promise<string> {
    mkdirSync(downloadDir, { recursive: true });
    const response = await fetch(url);
    if (!response.ok) throw new TaskError("failed");
    const target = path.join(downloadDir, name);
    await writeFile(target, Buffer.from(await response.arrayBuffer()));
    return target;
  }

  async function run(cmd: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    switch (cmd) {
      case "app.version":
        return { version: appVersion, platform: process.platform };
      case "device.info":
        return { os: os.type(), osVersion: os.release(), model: "reference-bridge", locale: Intl.DateTimeFormat().resolvedOptions().locale };
      case "login.open": {
        text(params.lang);
        text(params.brand);
        const task = tasks.start();
        if (options.login) {
          const { token, afterMs = 0 } = options.login;
          setTimeout(() => tasks.finish(task, { utoken: token }), afterMs).unref();
        } else tasks.waitForLogin(task);
        return { task };
      }
      case "storage.set":
      case "storage.get": {
        if (!isVersionAtLeast(appVersion, "2.1.0")) throw new TaskError("unsupported");
        const key = text(params.key, KEY);
        if (cmd === "storage.get") return { value: storage.get(key) ?? null };
        if (typeof params.value !== "string" || params.value.length > 16 * 1024) throw new BadParams();
        storage.set(key, params.value);
        return {};
      }
      case "file.download": {
        const url = httpUrl(params.url);
        const name = text(params.name, FILE_NAME);
        if (params.kind === "gcode") return { path: await download(url, name) };
        if (params.kind !== "file") throw new BadParams();
        const task = tasks.start();
        download(url, name).then(
          (saved) => tasks.finish(task, { path: saved }),
          () => tasks.fail(task, "failed"),
        );
        return { task };
      }
      case "url.open":
        log(`would open ${httpUrl(params.url).href} in the system browser`);
        return {};
      case "task.wait":
        return tasks.wait(text(params.task), Math.min(25_000, Math.max(0, Number(params.waitMs) || 0)));
      case "task.cancel":
        tasks.cancel(text(params.task));
        return {};
      default:
        throw new TaskError("unknown_command");
    }
  }

  function cors(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    res.setHeader("Vary", "Origin");
    if (origin === undefined) return true;
    if (!allowed.has(origin)) return false;
    res.setHeader("Access-Control-Allow-Origin", origin);
    return true;
  }

  function reply(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    // DNS rebinding: a page on evil.example resolving to 127.0.0.1 still sends its own Host.
    const host = (req.headers.host ?? "").toLowerCase();
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return reply(res, 421, { error: "wrong host" });
    const url = new URL(req.url ?? "/", `http://${host}`);
    if (req.method === "POST" && url.pathname === "/__control/login" && req.headers.origin === undefined) {
      void readBody(req).then((body) => {
        const token = (JSON.parse(body ?? "{}") as { utoken?: unknown }).utoken;
        if (typeof token !== "string") return reply(res, 400, { error: "utoken expected" });
        tasks.completeLogin(token);
        reply(res, 200, { ok: true });
      });
      return;
    }
    if (url.pathname !== NATIVE_BRIDGE_PATH) return reply(res, 404, { error: "not found" });
    if (req.method === "OPTIONS") {
      if (!cors(req, res)) return reply(res, 403, { error: "origin not allowed" });
      res.setHeader("Access-Control-Allow-Methods", "POST");
      res.setHeader("Access-Control-Allow-Headers", "content-type");
      res.setHeader("Access-Control-Max-Age", "600");
      // Private Network Access: a public page may call this loopback port only if we say so.
      if (req.headers["access-control-request-private-network"] === "true") res.setHeader("Access-Control-Allow-Private-Network", "true");
      res.writeHead(204).end();
      return;
    }
    if (req.method !== "POST") return reply(res, 405, { error: "POST only" });
    if (!cors(req, res)) return reply(res, 403, { error: "origin not allowed" });
    if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) return reply(res, 415, { error: "application/json only" });
    void readBody(req).then(async (body) => {
      let parsed: unknown = null;
      try {
        parsed = body === null ? null : JSON.parse(body);
      } catch {
        parsed = null;
      }
      const request = readNativeRequest(parsed);
      if (!request) return reply(res, 400, { v: NATIVE_PROTOCOL_VERSION, id: "", ok: false, error: { code: "bad_params" } });
      const answer = (ok: boolean, payload: Record<string, unknown>) =>
        reply(res, 200, { v: NATIVE_PROTOCOL_VERSION, id: request.id, ok, ...(ok ? { result: payload } : { error: payload }) });
      const delay = options.delays?.[request.cmd] ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        answer(true, await run(request.cmd, request.params));
      } catch (error) {
        const code: NativeErrorCode = error instanceof TaskError ? error.code : error instanceof BadParams ? "bad_params" : "failed";
        log(`${request.cmd}: ${code}`);
        answer(false, { code });
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    completeLogin: (token) => tasks.completeLogin(token),
    storage,
    close: () =>
      new Promise<void>((resolve) => {
        tasks.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
