import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { call, captureLog, fromIp, OPEN_TIMEOUT, startBackend, stopBackend, type Backend } from "./support/harness";

/**
 * reCAPTCHA and Aliyun verification against local stand-ins of Google's siteverify and
 * Aliyun's AnalyzeNvc (a node:http server on a random loopback port; no internet here).
 */
type Received = { path: string; form: URLSearchParams };
const received: Received[] = [];

const RECAPTCHA_SECRET = "recaptcha-server-secret";
const ALIYUN_KEY_ID = "test-key-id";
const ALIYUN_KEY_SECRET = "test-key-secret";

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

/** Aliyun's RPC signature (HMAC-SHA1 over the sorted, RFC 3986-encoded parameters). */
function popEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
function popSignature(form: URLSearchParams, secret: string): string {
  const pairs = [...form.entries()].filter(([key]) => key !== "Signature").sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = pairs.map(([key, value]) => `${popEncode(key)}=${popEncode(value)}`).join("&");
  return createHmac("sha1", `${secret}&`).update(`POST&${popEncode("/")}&${popEncode(canonical)}`).digest("base64");
}

function siteverify(form: URLSearchParams): { status: number; body: unknown } {
  if (form.get("secret") !== RECAPTCHA_SECRET) return { status: 200, body: { success: false, "error-codes": ["invalid-input-secret"] } };
  switch (form.get("response")) {
    case "human-token":
      return { status: 200, body: { success: true, challenge_ts: "2026-03-01T08:00:00Z", hostname: "localhost" } };
    case "v3-confident":
      return { status: 200, body: { success: true, score: 0.9, action: "login" } };
    case "v3-doubtful":
      return { status: 200, body: { success: true, score: 0.2, action: "login" } };
    case "outage":
      return { status: 503, body: "unavailable" };
    default:
      return { status: 200, body: { success: false, "error-codes": ["invalid-input-response"] } };
  }
}

function analyzeNvc(form: URLSearchParams): { status: number; body: unknown } {
  if (form.get("AccessKeyId") !== ALIYUN_KEY_ID || form.get("Signature") !== popSignature(form, ALIYUN_KEY_SECRET)) {
    return { status: 400, body: { Code: "SignatureDoesNotMatch", Message: "Specified signature is not matched.", RequestId: "r-0" } };
  }
  if (form.get("Action") !== "AnalyzeNvc" || form.get("Version") !== "2018-01-12") {
    return { status: 404, body: { Code: "InvalidAction", Message: "no such action", RequestId: "r-1" } };
  }
  const bizCode = { "nvc-human": "100", "nvc-slider": "400", "nvc-robot": "800" }[form.get("Data") ?? ""] ?? "900";
  return { status: 200, body: { RequestId: "r-2", BizCode: bizCode } };
}

const server: Server = createServer((req, res) => {
  void readForm(req).then((form) => {
    const path = req.url ?? "/";
    received.push({ path, form });
    const answer = path.startsWith("/recaptcha") ? siteverify(form) : analyzeNvc(form);
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
  });
});

let backend: Backend;
let origin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(async () => {
  try {
    await stopBackend();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

function google(token: string, headers?: Record<string, string>) {
  return call("POST", "/v1/verify/ncdata/google", { body: { scene: "login", email: "bot-or-not@example.com", token }, headers });
}
function aliyun(nvc: string) {
  return call("POST", "/v2/verify/ncdata", { body: { scene: "register", email: "nvc@example.com", nvc } });
}

describe("reCAPTCHA (CAPTCHA_PROVIDER=recaptcha)", () => {
  beforeAll(() => {
    backend.reconfigure({
      CAPTCHA_PROVIDER: "recaptcha",
      RECAPTCHA_SITE_KEY: "site-key-123",
      RECAPTCHA_SECRET,
      RECAPTCHA_VERIFY_URL: `${origin}/recaptcha/api/siteverify`,
    });
  });

  test("the config names it and its site key", async () => {
    expect((await call("GET", "/v1/verify/config")).data).toEqual({ provider: "recaptcha", siteKey: "site-key-123", scene: null });
  });

  test("a token Google accepts → a ticket; the server checked it with the secret and the client IP", async () => {
    const reply = await google("human-token", fromIp("198.51.100.7"));
    expect(reply).toMatchObject({ status: 200, code: 0, data: { ticket: expect.any(String), expiresIn: 120 } });
    const asked = received.at(-1);
    expect(asked?.path).toBe("/recaptcha/api/siteverify");
    expect(Object.fromEntries(asked?.form ?? [])).toEqual({ secret: RECAPTCHA_SECRET, response: "human-token", remoteip: "198.51.100.7" });

    // the ticket opens what it was made for
    const ticket = String(reply.data?.ticket);
    const { data } = await call("POST", "/v1/verify/email", { body: { email: "bot-or-not@example.com" } });
    const codeRequest = await call("POST", "/v1/captcha", { body: { receiver: "bot-or-not@example.com", nonce: data?.nonce, type: "login", ticket } });
    // (a login code for an address without an account: the verified answer)
    expect(codeRequest.code).toBe(20203);
  });

  test("a refused token, a low v3 score or an unreachable Google → 20107", async () => {
    const { lines, text } = await captureLog(async () => {
      expect(await google("bot-token")).toMatchObject({ status: 400, code: 20107 });
      expect(await google("v3-doubtful")).toMatchObject({ code: 20107 });
      expect((await google("v3-confident")).code).toBe(0);
      expect(await google("outage")).toMatchObject({ code: 20107 });
    }, "warn");
    // the outage is a warning line; neither the secret nor the token is in the log
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, provider: "recaptcha" }));
    expect(text).not.toContain(RECAPTCHA_SECRET);
    expect(text).not.toContain("outage");
  });

  test("ALTCHA and Aliyun are refused while reCAPTCHA is configured", async () => {
    expect((await call("GET", "/v1/verify/challenge?scene=login&email=a@example.com")).code).toBe(20107);
    expect((await call("POST", "/v1/verify/pow", { body: { scene: "login", email: "a@example.com", payload: "e30=" } })).code).toBe(20107);
    expect((await aliyun("nvc-human")).code).toBe(20107);
  });
});

describe("Aliyun (CAPTCHA_PROVIDER=regional, REGION=cn)", () => {
  beforeAll(() => {
    backend.reconfigure({
      CAPTCHA_PROVIDER: "regional",
      REGION: "cn",
      ALIYUN_CAPTCHA_APP_KEY: "FFFF0N0000000000A1B2",
      ALIYUN_ACCESS_KEY_ID: ALIYUN_KEY_ID,
      ALIYUN_ACCESS_KEY_SECRET: ALIYUN_KEY_SECRET,
      ALIYUN_CAPTCHA_ENDPOINT: origin,
    });
  });

  test("the config names it, its app key and the scene nvc_login", async () => {
    expect((await call("GET", "/v1/verify/config")).data).toEqual({ provider: "aliyun", siteKey: "FFFF0N0000000000A1B2", scene: "nvc_login" });
  });

  test("an nvc value AnalyzeNvc passes (BizCode 100) → a ticket, asked with a signed AnalyzeNvc call", async () => {
    const reply = await aliyun("nvc-human");
    expect(reply).toMatchObject({ status: 200, code: 0, data: { expiresIn: 120 } });
    const form = received.at(-1)?.form;
    expect(form?.get("Action")).toBe("AnalyzeNvc");
    expect(form?.get("Data")).toBe("nvc-human");
    expect(JSON.parse(form?.get("ScoreJsonStr") ?? "{}")).toEqual({ 200: "PASS", 400: "NC", 800: "BLOCK" });

    // and the ticket lets the code request through
    const verified = await call("POST", "/v1/verify/email", { body: { email: "nvc@example.com" } });
    const sent = await call("POST", "/v1/captcha", {
      body: { receiver: "nvc@example.com", nonce: String(verified.data?.nonce), type: "register", ticket: reply.data?.ticket },
    });
    expect(sent).toMatchObject({ code: 0, data: { resendAfter: 60 } });
  });

  test("a slider request (400), a block (800) or a refused signature → 20107", async () => {
    try {
      const { lines, text } = await captureLog(async () => {
        expect((await aliyun("nvc-slider")).code).toBe(20107);
        expect((await aliyun("nvc-robot")).code).toBe(20107);
        backend.reconfigure({ ALIYUN_ACCESS_KEY_SECRET: "wrong-secret" });
        expect((await aliyun("nvc-human")).code).toBe(20107);
      }, "warn");
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, provider: "aliyun", msg: "Aliyun AnalyzeNvc failed" }));
      expect(text).not.toMatch(/wrong-secret|nvc-human/);
    } finally {
      backend.reconfigure({ ALIYUN_ACCESS_KEY_SECRET: ALIYUN_KEY_SECRET });
    }
  });

  test("regional without REGION=cn means reCAPTCHA", async () => {
    backend.reconfigure({ REGION: undefined });
    expect((await call("GET", "/v1/verify/config")).data).toMatchObject({ provider: "recaptcha" });
    expect((await aliyun("nvc-human")).code).toBe(20107);
  });
});
