/** @jest-environment node */
import { resetPortalConfig } from "@/lib/config";
import { NextRequest } from "next/server";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { POST as uploadRoute } from "@/app/api/avatar/route";
import { GET as fileRoute } from "@/app/api/avatar/files/[...key]/route";
import { AVATAR_MAX_BYTES } from "@/lib/contract/user";
import { avatarSrc } from "@/lib/upstream/profile";
import { current, jar } from "../support/next-headers";

/*
 * The route reads the session through next/headers, as pages and server actions do; here those
 * are the request's own headers and an in-memory cookie jar.
 */
jest.mock("next/headers", () => jest.requireActual<typeof import("../support/next-headers")>("../support/next-headers").nextHeaders);

const PORTAL = "http://portal.test";
const BASE = "http://passport.test";
const sameOrigin = { "sec-fetch-site": "same-origin", host: "portal.test", origin: PORTAL };
const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
let upstreamCalls = 0;

beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
beforeEach(() => {
  jar.clear();
  jar.set("utoken", "session-token-1");
  upstreamCalls = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

function multipart(bytes: Uint8Array<ArrayBuffer>, type = "image/png"): FormData {
  const form = new FormData();
  form.set("headpic", new Blob([bytes], { type }), "me.png");
  return form;
}

async function send(body: BodyInit, headers: Record<string, string> = sameOrigin, query = "lang=zh&p=atomm"): Promise<Response> {
  // Node needs duplex "half" for a streamed body; the DOM's RequestInit type does not know it.
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const init: ConstructorParameters<typeof NextRequest>[1] = { method: "POST", headers: { ...headers, ...(cookie ? { cookie } : {}) }, body, duplex: "half" };
  const request = new NextRequest(`${PORTAL}/api/avatar?${query}`, init);
  current.headers = request.headers;
  return uploadRoute(request);
}

function upstreamAnswers(answer: () => Response) {
  server.use(
    http.patch(`${BASE}/v1/user/headpic`, () => {
      upstreamCalls += 1;
      return answer();
    }),
  );
}

describe("POST /api/avatar", () => {
  it("forwards the image as multipart field headpic with the session, and answers the URL to show", async () => {
    const seen: Array<{ token: string | null; lang: string | null; app: string | null; size: number; bytes: number[] }> = [];
    server.use(
      http.patch(`${BASE}/v1/user/headpic`, async ({ request }) => {
        const file = (await request.formData()).get("headpic");
        if (!(file instanceof Blob)) return HttpResponse.json({ code: 10001 }, { status: 400 });
        seen.push({
          token: request.headers.get("utoken"),
          lang: request.headers.get("lang"),
          app: request.headers.get("x-app-code"),
          size: file.size,
          bytes: [...new Uint8Array(await file.arrayBuffer())],
        });
        return HttpResponse.json({ code: 0, data: { headpic: "/v1/files/avatars/abc123.webp" } });
      }),
    );
    const response = await send(multipart(png));
    expect(response.status).toBe(200);
    // The passport API is another origin here, so the image is served through the portal.
    expect(await response.json()).toEqual({ ok: true, data: { headpic: "/api/avatar/files/avatars/abc123.webp" } });
    expect(seen).toEqual([{ token: "session-token-1", lang: "zh", app: "atomm", size: png.length, bytes: [...png] }]);
  });

  it("refuses requests from other sites without reading them", async () => {
    upstreamAnswers(() => HttpResponse.json({ code: 0, data: { headpic: "/v1/files/x.webp" } }));
    const crossSite = await send(multipart(png), { "sec-fetch-site": "cross-site", host: "portal.test", origin: "http://evil.test" });
    expect(crossSite.status).toBe(403);
    const noHeaders = await send(multipart(png), { host: "portal.test" });
    expect(noHeaders.status).toBe(403);
    expect(upstreamCalls).toBe(0);
  });

  it("without a session answers 20101 with the login page, and ends the session", async () => {
    upstreamAnswers(() => HttpResponse.json({ code: 0, data: { headpic: "/v1/files/x.webp" } }));
    jar.clear();
    const response = await send(multipart(png));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, error: { code: 20101, redirect: "/zh/login?p=atomm" } });
    expect(jar.get("passport_expired")).toBe("1");
    expect(upstreamCalls).toBe(0);
  });

  it("refuses an image over 5 MB by its declared length, before reading it", async () => {
    upstreamAnswers(() => HttpResponse.json({ code: 0, data: { headpic: "/v1/files/x.webp" } }));
    const headers = { ...sameOrigin, "content-type": "multipart/form-data; boundary=x", "content-length": String(AVATAR_MAX_BYTES + 70 * 1024) };
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await send(body, headers);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, error: { code: 20111 } });
    expect(pulled).toBeLessThanOrEqual(1);
    expect(upstreamCalls).toBe(0);
  });

  it("stops reading a body without a length as soon as it passes the limit", async () => {
    upstreamAnswers(() => HttpResponse.json({ code: 0, data: { headpic: "/v1/files/x.webp" } }));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024));
      },
    });
    const response = await send(body, { ...sameOrigin, "content-type": "multipart/form-data; boundary=x" });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, error: { code: 20111 } });
    expect(sent).toBeLessThan(AVATAR_MAX_BYTES + 1024 * 1024);
    expect(upstreamCalls).toBe(0);
  });

  it("refuses a file just over 5 MB inside a small enough body", async () => {
    upstreamAnswers(() => HttpResponse.json({ code: 0, data: { headpic: "/v1/files/x.webp" } }));
    const response = await send(multipart(new Uint8Array(AVATAR_MAX_BYTES + 1)));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, error: { code: 20111 } });
    expect(upstreamCalls).toBe(0);
  });

  it("refuses a body that is not a multipart upload with a headpic", async () => {
    const json = await send(JSON.stringify({ headpic: "x" }), { ...sameOrigin, "content-type": "application/json" });
    expect(json.status).toBe(400);
    const form = new FormData();
    form.set("other", new Blob([png]), "x.png");
    const wrongField = await send(form);
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toEqual({ ok: false, error: { code: 10001 } });
  });

  it("passes on the services' verdict on the content, and ends the session on 20101", async () => {
    upstreamAnswers(() => HttpResponse.json({ code: 20110 }, { status: 415 }));
    const unsupported = await send(multipart(new TextEncoder().encode("not an image"), "image/png"));
    expect(unsupported.status).toBe(415);
    expect(await unsupported.json()).toEqual({ ok: false, error: { code: 20110 } });
    expect(jar.has("utoken")).toBe(true);

    upstreamAnswers(() => HttpResponse.json({ code: 20101 }, { status: 401 }));
    const expired = await send(multipart(png));
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ ok: false, error: { code: 20101, redirect: "/zh/login?p=atomm" } });
    expect(jar.has("utoken")).toBe(false);
  });
});

describe("GET /api/avatar/files/{key}", () => {
  const get = (key: string[]) => fileRoute(new Request(`${PORTAL}/api/avatar/files/${key.join("/")}`), { params: Promise.resolve({ key }) });

  it("passes a stored image on from the passport API, as an image only", async () => {
    server.use(
      http.get(`${BASE}/v1/files/avatars/abc.webp`, () =>
        new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { "content-type": "image/webp", "cache-control": "public, max-age=31536000, immutable" } }),
      ),
    );
    const response = await get(["avatars", "abc.webp"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it("refuses keys that are not storage keys, missing files and anything but an image", async () => {
    expect((await get(["..", "etc", "passwd"])).status).toBe(404);
    server.use(
      http.get(`${BASE}/v1/files/avatars/gone.webp`, () => HttpResponse.json({ code: 10006 }, { status: 404 })),
      http.get(`${BASE}/v1/files/avatars/page.webp`, () => new HttpResponse("<script>", { headers: { "content-type": "text/html" } })),
    );
    expect((await get(["avatars", "gone.webp"])).status).toBe(404);
    expect((await get(["avatars", "page.webp"])).status).toBe(502);
  });
});

describe("the avatar URL a page shows", () => {
  it("is the services' own path when they are this app, the portal's route for another origin, and nothing unsafe", () => {
    expect(avatarSrc("/v1/files/avatars/abc.webp")).toBe("/api/avatar/files/avatars/abc.webp");
    delete process.env.PASSPORT_API_URL;
    resetPortalConfig();
    try {
      expect(avatarSrc("/v1/files/avatars/abc.webp")).toBe("/v1/files/avatars/abc.webp");
    } finally {
      process.env.PASSPORT_API_URL = BASE;
      resetPortalConfig();
    }
    expect(avatarSrc("https://cdn.example.com/a.webp")).toBe("https://cdn.example.com/a.webp");
    expect(avatarSrc("/v1/files/../secret")).toBeNull();
    expect(avatarSrc("javascript:alert(1)")).toBeNull();
    expect(avatarSrc(null)).toBeNull();
  });
});
