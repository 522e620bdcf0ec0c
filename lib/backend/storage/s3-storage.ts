import type { S3Settings } from "../config";
import type { FileStorage, StoredFile } from "./file-storage";
import { assertValidStorageKey, isValidStorageKey } from "./keys";
import { IMMUTABLE_CACHE_CONTROL } from "./file-response";

type S3Sdk = typeof import("@aws-sdk/client-s3");
type Connection = { sdk: S3Sdk; client: import("@aws-sdk/client-s3").S3Client };

function isNotFound(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Aliyun OSS, …), for several instances
 * behind a load balancer. Browsers load the files from the bucket or its CDN (S3_PUBLIC_URL),
 * not through the app. The SDK is loaded on first use: it is large and most installs never
 * need it.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = "s3" as const;
  private connection: Promise<Connection> | null = null;

  constructor(private readonly settings: S3Settings) {}

  private connect(): Promise<Connection> {
    this.connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.settings.region,
        endpoint: this.settings.endpoint ?? undefined,
        forcePathStyle: this.settings.forcePathStyle,
        credentials: this.settings.credentials ?? undefined,
      }),
    }));
    return this.connection;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertValidStorageKey(key);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        // Keys are never reused for other content (keys.ts), so caches may keep a file forever.
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidStorageKey(key)) return null;
    const { sdk, client } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!object.Body) return null;
      const data = Buffer.from(await object.Body.transformToByteArray());
      return { data, contentType: object.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertValidStorageKey(key);
    const { sdk, client } = await this.connect();
    // S3 answers a delete of a missing object with success too.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    assertValidStorageKey(key);
    return `${this.settings.publicUrl}/${key}`;
  }

  /** Closes the SDK's sockets (shutdown, tests). */
  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection) (await connection).client.destroy();
  }
}
