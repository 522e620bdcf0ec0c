import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { userFullInfoResponse } from "@/lib/contract/passport";
import { headpicResponse, regionListResponse } from "@/lib/contract/user";
import { call, captureLog, envelope, OPEN_TIMEOUT, registerUser, send, startBackend, stopBackend, type Backend } from "./support/harness";

/** The user centre: avatar upload and serving, personal information, country and region lists. */
let backend: Backend;
let token: string;
beforeAll(async () => {
  backend = await startBackend();
  ({ utoken: token } = await registerUser("profile@example.com"));
}, OPEN_TIMEOUT);
afterAll(stopBackend);

function upload(bytes: Uint8Array, name: string, type: string, as = token) {
  const form = new FormData();
  form.set("headpic", new Blob([new Uint8Array(bytes)], { type }), name);
  return send("PATCH", "/v1/user/headpic", { body: form, token: as }).then(envelope);
}

async function fullInfo(as = token, lang = "en") {
  const reply = await call("GET", "/v1/user/fullinfo", { token: as, headers: { lang } });
  expect(reply.code).toBe(0);
  return { ...userFullInfoResponse.parse(reply.data), countryRegion: reply.data?.countryRegion };
}

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 190, b: 68 } } }).png().toBuffer();
}

describe("avatar", () => {
  let first: string;

  test("a PNG becomes the headpic, served back from /v1/files/… as a 256×256 WebP with nosniff", async () => {
    const reply = await upload(await png(300, 200), "me.png", "image/png");
    expect(reply).toMatchObject({ status: 200, code: 0 });
    first = headpicResponse.parse(reply.data).headpic;
    expect(first).toMatch(/^\/v1\/files\/avatars\/[0-9a-f]{32}\.webp$/);
    expect((await fullInfo()).headpic).toBe(first);

    const served = await send("GET", first);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'");
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  test("an SVG, renamed text, a damaged PNG and 6 MB are refused with their codes; the old avatar stays", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload(svg, "me.svg", "image/svg+xml")).toMatchObject({ status: 415, code: 20110 });
    expect(await upload(Buffer.from("just some text, honestly"), "me.png", "image/png")).toMatchObject({ status: 415, code: 20110 });
    const damaged = Buffer.concat([(await png(64, 64)).subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await upload(damaged, "me.png", "image/png")).toMatchObject({ status: 415, code: 20110 });
    const huge = Buffer.concat([await png(64, 64), Buffer.alloc(6 * 1024 * 1024)]);
    expect(await upload(huge, "big.png", "image/png")).toMatchObject({ status: 413, code: 20111 });

    expect((await fullInfo()).headpic).toBe(first);
    expect((await send("GET", first)).status).toBe(200);
    expect(fs.readdirSync(path.join(backend.dataDir, "files", "avatars"))).toHaveLength(1);
  });

  test("a storage failure → 20112 and the old avatar stays", async () => {
    const avatars = path.join(backend.dataDir, "files", "avatars");
    const moved = `${avatars}.away`;
    fs.renameSync(avatars, moved);
    fs.writeFileSync(avatars, "not a directory");
    try {
      const { lines } = await captureLog(async () => {
        expect(await upload(await png(32, 32), "me.png", "image/png")).toMatchObject({ status: 500, code: 20112 });
      }, "error");
      // a real fault: logged with its stack
      expect(lines).toEqual([expect.objectContaining({ level: 50, msg: "could not store an avatar", err: expect.objectContaining({ stack: expect.any(String) }) })]);
    } finally {
      fs.rmSync(avatars);
      fs.renameSync(moved, avatars);
    }
    expect((await fullInfo()).headpic).toBe(first);
  });

  test("a new avatar replaces the old one, whose file is gone", async () => {
    const reply = await upload(await png(120, 120), "again.png", "image/png");
    const second = headpicResponse.parse(reply.data).headpic;
    expect(second).not.toBe(first);
    expect((await send("GET", second)).status).toBe(200);
    expect(await envelope(await send("GET", first))).toMatchObject({ status: 404, code: 10006 });
  });

  test("no file, not multipart, no session → refused", async () => {
    const empty = new FormData();
    empty.set("other", "value");
    expect(await envelope(await send("PATCH", "/v1/user/headpic", { body: empty, token }))).toMatchObject({ code: 10001 });
    expect(await call("PATCH", "/v1/user/headpic", { token, body: { headpic: "data:image/png;base64,AAAA" } })).toMatchObject({ code: 10001 });
    expect(await upload(await png(32, 32), "me.png", "image/png", "A".repeat(43))).toMatchObject({ status: 401, code: 20101 });
  });

  test("/v1/files serves only stored files: unknown keys and paths out of the store → 10006", async () => {
    for (const pathname of ["/v1/files/avatars/0123.webp", "/v1/files/..%2Fsecret", "/v1/files/.%2E/pglite/PG_VERSION", "/v1/files/secret"]) {
      expect(await envelope(await send("GET", pathname))).toMatchObject({ status: 404, code: 10006 });
    }
  });
});

describe("personal information", () => {
  test("nickname, introduction, gender and birthday round-trip", async () => {
    expect(await call("PATCH", "/v1/user/otherinfo", { token, body: { nickname: "  Ada ", introduction: "Cuts acrylic." } })).toMatchObject({ code: 0 });
    expect(await call("PATCH", "/v1/user/gender", { token, body: { gender: "female" } })).toMatchObject({ code: 0 });
    expect(await call("PATCH", "/v1/user/birthday", { token, body: { birthday: "1990-05-17" } })).toMatchObject({ code: 0 });
    expect(await fullInfo()).toMatchObject({ nickname: "Ada", introduction: "Cuts acrylic.", gender: "female", birthday: "1990-05-17" });
    // an empty value clears the field
    await call("PATCH", "/v1/user/otherinfo", { token, body: { nickname: "Ada", introduction: "" } });
    expect(await fullInfo()).toMatchObject({ nickname: "Ada", introduction: null });
  });

  test("bad input → 10001 and nothing changes", async () => {
    const before = await fullInfo();
    const cases: Array<[string, unknown]> = [
      ["/v1/user/otherinfo", { nickname: "n".repeat(33), introduction: "" }],
      ["/v1/user/otherinfo", { nickname: "ok", introduction: "i".repeat(201) }],
      ["/v1/user/gender", { gender: "other" }],
      ["/v1/user/birthday", { birthday: "1990-02-30" }],
      ["/v1/user/birthday", { birthday: "17.05.1990" }],
      ["/v1/user/birthday", { birthday: "1899-12-31" }],
      ["/v1/user/birthday", { birthday: "2999-01-01" }],
      ["/v1/user/country", { country: 999, region: null }],
      ["/v1/user/country", { country: 0, region: null }],
    ];
    for (const [pathname, body] of cases) {
      expect(await call("PATCH", pathname, { token, body })).toMatchObject({ status: 400, code: 10001 });
    }
    expect(await fullInfo()).toEqual(before);
  });
});

describe("country and region", () => {
  test("lists in English and Chinese; an unknown country → 10006", async () => {
    const en = regionListResponse.parse((await call("GET", "/v1/region/country", { headers: { lang: "en" } })).data);
    const zh = regionListResponse.parse((await call("GET", "/v1/region/country", { headers: { lang: "zh-CN" } })).data);
    expect(en).toContainEqual({ id: 156, name: "People's Republic of China" });
    expect(zh).toContainEqual({ id: 156, name: "中国" });
    const statesZh = regionListResponse.parse((await call("GET", "/v1/region/country/156/states", { headers: { lang: "zh" } })).data);
    const statesEn = regionListResponse.parse((await call("GET", "/v1/region/country/156/states")).data);
    const guangdong = statesZh.find((item) => item.name === "广东省");
    expect(statesEn).toContainEqual({ id: guangdong?.id, name: "Guangdong" });
    for (const id of ["999", "abc", "-156"]) {
      expect(await call("GET", `/v1/region/country/${id}/states`)).toMatchObject({ status: 404, code: 10006 });
    }
  });

  test("a country with one of its regions is kept as ids, and shown as 'country/region' in the request's language", async () => {
    const states = regionListResponse.parse((await call("GET", "/v1/region/country/156/states", { headers: { lang: "zh" } })).data);
    const guangdong = states.find((item) => item.name === "广东省")?.id ?? 0;
    const california = regionListResponse
      .parse((await call("GET", "/v1/region/country/840/states")).data)
      .find((item) => item.name === "California")?.id;
    const before = await fullInfo();
    expect(before.countryRegion).toBeNull();

    expect(await call("PATCH", "/v1/user/country", { token, body: { country: 156, region: california } })).toMatchObject({ status: 400, code: 10001 });
    expect(await fullInfo()).toEqual(before);

    expect(await call("PATCH", "/v1/user/country", { token, body: { country: 156, region: guangdong } })).toMatchObject({ code: 0 });
    expect(await fullInfo(token, "zh")).toMatchObject({ country: 156, region: guangdong, countryRegion: "中国/广东省" });
    expect((await fullInfo(token, "en")).countryRegion).toBe("People's Republic of China/Guangdong");

    expect(await call("PATCH", "/v1/user/country", { token, body: { country: 840, region: null } })).toMatchObject({ code: 0 });
    expect(await fullInfo()).toMatchObject({ country: 840, region: null, countryRegion: "United States of America" });
  });
});

describe("ownership", () => {
  test("every profile call changes the caller's own row: another user's data stays as it was", async () => {
    const other = await registerUser("someone-else@example.com");
    const mine = await fullInfo();
    await call("PATCH", "/v1/user/otherinfo", { token: other.utoken, body: { nickname: "Mallory", introduction: "hi" } });
    await call("PATCH", "/v1/user/gender", { token: other.utoken, body: { gender: "male", uid: mine.uid } });
    await upload(await png(40, 40), "x.png", "image/png", other.utoken);
    expect(await fullInfo()).toEqual(mine);
    expect(await fullInfo(other.utoken)).toMatchObject({ uid: other.uid, nickname: "Mallory", gender: "male" });
  });
});
