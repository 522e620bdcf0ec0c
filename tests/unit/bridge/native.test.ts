/** @jest-environment node */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createNativeBridge, NativeBridgeError } from "@/lib/bridge/native";
import { startReferenceBridge, type ReferenceBridge } from "../../support/reference-bridge";

/**
 * The native bridge client (SPEC §7, §9) against the reference bridge a native team runs: each
 * command, each of SPEC §9's timeout classes (shortened here; their real values are checked with
 * fake timers below), and a bridge that is not there.
 */
const TOKEN = "native-session-token-0123456789abcdef";
/**
 * Every server here listens on a port the system picks (not the real 9527, nor a fixed port that
 * another test run on the machine may hold): a new one for every bridge, so no kept-alive
 * connection to the previous one is reused. The closed port is one that was free a moment ago.
 */
let closedPort: number;
let downloads: string;
let files: Server;
let filesOrigin: string;

beforeAll(async () => {
  downloads = mkdtempSync(path.join(os.tmpdir(), "bridge-downloads-"));
  files = createServer((req, res) => {
    if (req.url === "/stall") return; // never answers
    res.end(`G1 X10 Y10 ; ${req.url}`);
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  filesOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
  rmSync(downloads, { recursive: true, force: true });
});

async function withBridge(options: Parameters<typeof startReferenceBridge>[0], run: (bridge: ReferenceBridge) => Promise<void>): Promise<void> {
  const bridge = await startReferenceBridge({ port: 0, downloadDir: downloads, ...options });
  try {
    await run(bridge);
  } finally {
    await bridge.close();
  }
}

/** fetch may not set Host; a page on a rebound name (evil.example → 127.0.0.1) sends its own. */
function statusWithHost(port: number, host: string, body: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/passport-bridge", method: "POST", headers: { host, "content-type": "application/json" } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof NativeBridgeError) return error.reason;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("the native bridge client against the reference bridge", () => {
  test("asks for the app version and the device", async () => {
    await withBridge({ appVersion: "2.6.1" }, async (bridge) => {
      const client = createNativeBridge({ origin: bridge.origin });
      expect(await client.appVersion()).toMatchObject({ version: "2.6.1" });
      expect(await client.deviceInfo()).toMatchObject({ model: "reference-bridge", os: expect.any(String) });
    });
  });

  test("a native login resolves with the token the app signed in with, however long the user takes", async () => {
    await withBridge({}, async (bridge) => {
      const client = createNativeBridge({ origin: bridge.origin, waitMs: 50 });
      const login = client.openLogin({ lang: "zh", brand: "atomm" });
      setTimeout(() => bridge.completeLogin(TOKEN), 300);
      expect(await login).toEqual({ utoken: TOKEN });
    });
  });

  test("local data is saved and read from app version 2.1.0, and refused before it without asking the app", async () => {
    await withBridge({ appVersion: "2.1.0" }, async (bridge) => {
      const client = createNativeBridge({ origin: bridge.origin, appVersion: "2.1.0" });
      await client.saveLocal("lang", "zh");
      expect(await client.readLocal("lang")).toBe("zh");
      expect(await client.readLocal("missing")).toBeNull();
      const old = createNativeBridge({ origin: bridge.origin, appVersion: "2.0.9" });
      expect(await failure(old.saveLocal("lang", "en"))).toBe("unsupported");
      expect(await failure(createNativeBridge({ origin: bridge.origin }).readLocal("lang"))).toBe("unsupported");
      expect(bridge.storage.get("lang")).toBe("zh");
    });
    await withBridge({ appVersion: "2.0.0" }, async (bridge) => {
      // an app that says it is newer than it is still refuses
      expect(await failure(createNativeBridge({ origin: bridge.origin, appVersion: "2.1.0" }).readLocal("lang"))).toBe("unsupported");
    });
  });

  test("downloads a G-code file directly and any other file as a task", async () => {
    await withBridge({}, async (bridge) => {
      const client = createNativeBridge({ origin: bridge.origin, waitMs: 50 });
      const gcode = await client.download({ url: `${filesOrigin}/part.gcode`, name: "part.gcode", kind: "gcode" });
      expect(readFileSync(gcode.path, "utf8")).toContain("/part.gcode");
      const file = await client.download({ url: `${filesOrigin}/manual.pdf`, name: "manual.pdf", kind: "file" });
      expect(readFileSync(file.path, "utf8")).toContain("/manual.pdf");
      expect(await failure(client.download({ url: "file:///etc/passwd", name: "x", kind: "gcode" }))).toBe("bad_params");
    });
  });

  describe("each timeout class gives up at its limit", () => {
    const short = { quick: 100, standard: 150, gcode: 200, task: 400 };

    test("version and device info (1 s)", async () => {
      await withBridge({ delays: { "app.version": 400, "device.info": 400 } }, async (bridge) => {
        const client = createNativeBridge({ origin: bridge.origin, timeouts: short });
        expect(await failure(client.appVersion())).toBe("timeout");
        expect(await failure(client.deviceInfo())).toBe("timeout");
      });
    });

    test("most commands (5 s)", async () => {
      await withBridge({ delays: { "storage.get": 400, "url.open": 400 } }, async (bridge) => {
        const client = createNativeBridge({ origin: bridge.origin, appVersion: "2.6.0", timeouts: short });
        expect(await failure(client.readLocal("lang"))).toBe("timeout");
        expect(await failure(client.openUrl("https://example.com/"))).toBe("timeout");
      });
    });

    test("a G-code download (60 s)", async () => {
      await withBridge({}, async (bridge) => {
        const client = createNativeBridge({ origin: bridge.origin, timeouts: short });
        expect(await failure(client.download({ url: `${filesOrigin}/stall`, name: "slow.gcode", kind: "gcode" }))).toBe("timeout");
      });
    });

    test("a native login or a file task (24 h), after which the task is cancelled", async () => {
      await withBridge({}, async (bridge) => {
        const client = createNativeBridge({ origin: bridge.origin, timeouts: short, waitMs: 100 });
        const started = Date.now();
        expect(await failure(client.openLogin({ lang: "en", brand: "passport" }))).toBe("timeout");
        expect(Date.now() - started).toBeGreaterThanOrEqual(short.task);
        expect(await failure(client.download({ url: `${filesOrigin}/stall`, name: "big.bin", kind: "file" }))).toBe("timeout");
        // the cancelled login no longer takes a token
        bridge.completeLogin(TOKEN);
      });
    });
  });

  test("a bridge that is not there fails at once as absent", async () => {
    const client = createNativeBridge({ origin: `http://127.0.0.1:${closedPort}` });
    // "absent", not "timeout": neither call waited for its limit (the login's is 24 h)
    expect(await failure(client.appVersion())).toBe("absent");
    expect(await failure(client.openLogin({ lang: "en", brand: "passport" }))).toBe("absent");
  });
});

describe("what the reference bridge answers a browser (docs/native-bridge.md)", () => {
  test("the Private Network Access preflight of an allowed origin, and nothing for another", async () => {
    await withBridge({ allowedOrigins: ["https://passport.example.com"] }, async (bridge) => {
      const preflight = (origin: string) =>
        fetch(`${bridge.origin}/passport-bridge`, {
          method: "OPTIONS",
          headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type", "access-control-request-private-network": "true" },
        });
      const allowed = await preflight("https://passport.example.com");
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://passport.example.com");
      expect(allowed.headers.get("access-control-allow-private-network")).toBe("true");
      const foreign = await preflight("https://evil.example");
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  test("refuses a page of another origin, a form post that would skip the preflight, and a rebound host name", async () => {
    await withBridge({ allowedOrigins: ["https://passport.example.com"] }, async (bridge) => {
      const body = JSON.stringify({ v: 1, id: "abcdefgh1234", cmd: "app.version", params: {} });
      const foreign = await fetch(`${bridge.origin}/passport-bridge`, { method: "POST", headers: { origin: "https://evil.example", "content-type": "application/json" }, body });
      expect(foreign.status).toBe(403);
      const form = await fetch(`${bridge.origin}/passport-bridge`, { method: "POST", headers: { "content-type": "text/plain" }, body });
      expect(form.status).toBe(415);
      expect(await statusWithHost(bridge.port, "evil.example", body)).toBe(421);
      expect(await statusWithHost(bridge.port, `localhost:${bridge.port}`, body)).toBe(200);
      const garbage = await fetch(`${bridge.origin}/passport-bridge`, { method: "POST", headers: { "content-type": "application/json" }, body: "{\"v\":2}" });
      expect(garbage.status).toBe(400);
    });
  });
});
