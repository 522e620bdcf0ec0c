import http from "node:http";
import type { AddressInfo } from "node:net";
import { readConfig as readStorageConfig, type EnvSource as StorageEnv } from "@/lib/backend/config";
import { S3FileStorage } from "@/lib/backend/storage/s3-storage";

/**
 * A minimal S3-compatible endpoint on loopback (path-style PutObject, GetObject, DeleteObject),
 * so the real SDK is exercised over HTTP the way it talks to MinIO or R2.
 */
type StoredObject = { body: Buffer; contentType: string; cacheControl: string };
const objects = new Map<string, StoredObject>();
const seen: { method: string; url: string; authorization: string }[] = [];
let server: http.Server;
let endpoint: string;

function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const url = new URL(request.url ?? "/", "http://localhost");
    seen.push({ method: request.method ?? "", url: url.pathname, authorization: String(request.headers.authorization ?? "") });
    const found = objects.get(url.pathname);
    if (request.method === "PUT") {
      objects.set(url.pathname, {
        body: Buffer.concat(chunks),
        contentType: String(request.headers["content-type"] ?? ""),
        cacheControl: String(request.headers["cache-control"] ?? ""),
      });
      response.writeHead(200, { ETag: '"etag"' }).end();
    } else if (request.method === "GET" && found) {
      response.writeHead(200, { "Content-Type": found.contentType, "Content-Length": found.body.length }).end(found.body);
    } else if (request.method === "GET") {
      const xml = "<?xml version=\"1.0\"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>";
      response.writeHead(404, { "Content-Type": "application/xml" }).end(xml);
    } else if (request.method === "DELETE") {
      objects.delete(url.pathname);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
}

beforeAll(async () => {
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function storageFor(extra: StorageEnv = {}) {
  const config = readStorageConfig({
    S3_BUCKET: "passport",
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "test-access-key",
    S3_SECRET_ACCESS_KEY: "test-secret-key",
    ...extra,
  });
  if (!config.s3) throw new Error("S3 settings expected");
  return new S3FileStorage(config.s3);
}

describe("S3-compatible file storage", () => {
  test("put, get and remove go to the bucket, signed, with the type and an immutable cache policy", async () => {
    const storage = storageFor();
    try {
      const bytes = Buffer.from("RIFF....WEBP avatar in a bucket");
      await storage.put("avatars/abc.webp", bytes, "image/webp");
      expect(objects.get("/passport/avatars/abc.webp")).toEqual({
        body: bytes,
        contentType: "image/webp",
        cacheControl: "public, max-age=31536000, immutable",
      });
      expect(seen.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-access-key\//);

      expect(await storage.get("avatars/abc.webp")).toEqual({ data: bytes, contentType: "image/webp" });
      expect(await storage.get("avatars/missing.webp")).toBeNull();

      await storage.remove("avatars/abc.webp");
      expect(objects.has("/passport/avatars/abc.webp")).toBe(false);
      expect(await storage.get("avatars/abc.webp")).toBeNull();
    } finally {
      await storage.close();
    }
  });

  test("invalid keys never reach the bucket", async () => {
    const storage = storageFor();
    try {
      const before = seen.length;
      await expect(storage.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow("invalid storage key");
      expect(await storage.get("avatars/../x.webp")).toBeNull();
      expect(seen.length).toBe(before);
    } finally {
      await storage.close();
    }
  });

  test("public URLs: S3_PUBLIC_URL when given, else the bucket's own address", () => {
    expect(storageFor({ S3_PUBLIC_URL: "https://cdn.example.com/" }).publicUrl("avatars/a.webp")).toBe("https://cdn.example.com/avatars/a.webp");
    expect(storageFor().publicUrl("avatars/a.webp")).toBe(`${endpoint}/passport/avatars/a.webp`);
    expect(storageFor({ S3_ENDPOINT: "https://objects.example.com", S3_FORCE_PATH_STYLE: "" }).publicUrl("avatars/a.webp")).toBe(
      "https://passport.objects.example.com/avatars/a.webp",
    );
    expect(() => readStorageConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "only-half" })).toThrow(/together/);
  });
});
