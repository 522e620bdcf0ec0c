import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetConfig as resetStorageConfig } from "@/lib/backend/config";
import {
  closeFileStorage,
  fileResponse,
  getFileStorage,
  InvalidStorageKeyError,
  LocalFileStorage,
  newAvatarKey,
} from "@/lib/backend/storage";

let dataDir: string;
let root: string;
let storage: LocalFileStorage;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "blocks-storage-"));
  root = path.join(dataDir, "files");
  storage = new LocalFileStorage(root);
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const bytes = Buffer.from("RIFF....WEBPVP8 fake avatar bytes");

describe("local file storage", () => {
  test("a file put under a key comes back with its bytes and type, and is gone after remove", async () => {
    const key = newAvatarKey();
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, bytes, "image/webp");
    expect(await storage.get(key)).toEqual({ data: bytes, contentType: "image/webp" });
    expect(fs.readFileSync(path.join(root, ...key.split("/")))).toEqual(bytes);

    const replacement = Buffer.from("RIFF....WEBP second version");
    await storage.put(key, replacement, "image/webp");
    expect((await storage.get(key))?.data).toEqual(replacement);
    // The write went through a temporary file that was renamed: nothing else is left behind.
    expect(fs.readdirSync(path.join(root, "avatars"))).toEqual([key.split("/")[1]]);

    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  test("keys that could leave the directory or hide a file are refused", async () => {
    fs.writeFileSync(path.join(dataDir, "secret.webp"), "outside");
    const hostile = [
      "../secret.webp",
      "avatars/../../secret.webp",
      "/etc/passwd",
      "avatars\\..\\..\\secret.webp",
      ".hidden.webp",
      "avatars/.tmp.webp",
      "avatars//x.webp",
      "avatars/%2e%2e/x.webp",
      "avatars/x.webp\u0000.png",
      "",
      `${"a/".repeat(5)}x.webp`,
      "a".repeat(300),
    ];
    for (const key of hostile) {
      await expect(storage.put(key, bytes, "image/webp")).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.remove(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(await storage.get(key)).toBeNull();
      expect(await fileResponse(storage, key)).toBeNull();
      expect(() => storage.publicUrl(key)).toThrow(InvalidStorageKeyError);
    }
    expect(fs.readFileSync(path.join(dataDir, "secret.webp"), "utf8")).toBe("outside");
    expect(fs.existsSync(root) ? fs.readdirSync(root) : []).toEqual([]);
  });

  test("a content type that does not match the key's extension is refused", async () => {
    await expect(storage.put("avatars/a.webp", bytes, "text/html")).rejects.toThrow(/image\/webp/);
    expect(await storage.get("avatars/a.webp")).toBeNull();
  });

  test("avatar keys are random, server-chosen and served by the files route", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newAvatarKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);
    expect(storage.publicUrl("avatars/abc.webp")).toBe("/v1/files/avatars/abc.webp");
  });

  test("the files route sends the bytes with headers that stop sniffing and scripts, cacheable for a year", async () => {
    await storage.put("avatars/abc.webp", bytes, "image/webp");
    expect(await fileResponse(storage, "avatars/abc.webp")).toEqual({
      status: 200,
      body: bytes,
      headers: {
        "Content-Type": "image/webp",
        "Content-Length": String(bytes.length),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "public, max-age=31536000, immutable",
        "Content-Security-Policy": "default-src 'none'",
      },
    });
    expect(await fileResponse(storage, "avatars/missing.webp")).toBeNull();
  });
});

describe("storage choice", () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, S3_BUCKET: process.env.S3_BUCKET };
  afterEach(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetStorageConfig();
    await closeFileStorage();
  });

  test("without S3_BUCKET files go to <DATA_DIR>/files; with it, to the bucket", async () => {
    process.env.DATA_DIR = dataDir;
    delete process.env.S3_BUCKET;
    resetStorageConfig();
    await closeFileStorage();
    const local = getFileStorage();
    expect(local.kind).toBe("local");
    await local.put("avatars/x.webp", bytes, "image/webp");
    expect(fs.existsSync(path.join(dataDir, "files", "avatars", "x.webp"))).toBe(true);

    process.env.S3_BUCKET = "avatars-bucket";
    resetStorageConfig();
    await closeFileStorage();
    const bucket = getFileStorage();
    expect(bucket.kind).toBe("s3");
    expect(bucket.publicUrl("avatars/x.webp")).toBe("https://avatars-bucket.s3.us-east-1.amazonaws.com/avatars/x.webp");
  });
});
