import path from "node:path";
import { clearSingleton, singleton } from "../singleton";

/**
 * Environment of the file storage, read on first use (to be merged into lib/backend/config.ts).
 *
 * | variable              | default                         | meaning                                              |
 * |-----------------------|---------------------------------|------------------------------------------------------|
 * | DATA_DIR              | ./data                          | local files live in `<DATA_DIR>/files`               |
 * | S3_BUCKET             | (unset: local directory)        | set → S3-compatible storage in this bucket           |
 * | S3_REGION             | us-east-1                       | region of the bucket (any value for most S3 clones)  |
 * | S3_ENDPOINT           | (unset: AWS)                    | e.g. https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 |
 * | S3_ACCESS_KEY_ID      | (unset: SDK default chain)      | access key; both or neither with the secret          |
 * | S3_SECRET_ACCESS_KEY  | (unset: SDK default chain)      | secret key                                           |
 * | S3_PUBLIC_URL         | derived from endpoint/bucket    | base URL browsers load the files from (CDN, public bucket) |
 * | S3_FORCE_PATH_STYLE   | (off)                           | "1"/"true": `<endpoint>/<bucket>/<key>` (MinIO and most clones) |
 */
export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | null;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  publicUrl: string;
  forcePathStyle: boolean;
};

export type StorageConfig = { dataDir: string; s3: S3Settings | null };

/** The environment, or a part of it (tests). */
export type StorageEnv = Readonly<Record<string, string | undefined>>;

const NAME = "storageConfig";

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** Where browsers fetch objects when S3_PUBLIC_URL is not given: the bucket's own address. */
function defaultPublicUrl(bucket: string, region: string, endpoint: string | null, forcePathStyle: boolean): string {
  if (!endpoint) return `https://${bucket}.s3.${region}.amazonaws.com`;
  const base = new URL(endpoint);
  if (forcePathStyle) return `${withoutTrailingSlash(base.href)}/${bucket}`;
  return `${base.protocol}//${bucket}.${base.host}`;
}

export function readStorageConfig(env: StorageEnv): StorageConfig {
  const dataDir = path.resolve(/*turbopackIgnore: true*/ process.cwd(), blankToNull(env.DATA_DIR) ?? "data");
  const bucket = blankToNull(env.S3_BUCKET);
  if (!bucket) return { dataDir, s3: null };

  const region = blankToNull(env.S3_REGION) ?? "us-east-1";
  const endpoint = blankToNull(env.S3_ENDPOINT);
  const forcePathStyle = ["1", "true"].includes((env.S3_FORCE_PATH_STYLE ?? "").trim().toLowerCase());
  const accessKeyId = blankToNull(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = blankToNull(env.S3_SECRET_ACCESS_KEY);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.");
  }
  const publicUrl = blankToNull(env.S3_PUBLIC_URL);
  return {
    dataDir,
    s3: {
      bucket,
      region,
      endpoint,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
      publicUrl: withoutTrailingSlash(publicUrl ?? defaultPublicUrl(bucket, region, endpoint, forcePathStyle)),
      forcePathStyle,
    },
  };
}

export function getStorageConfig(): StorageConfig {
  return singleton(NAME, () => readStorageConfig(process.env));
}

/** Forget the cached configuration so the next call reads the environment again (tests). */
export function resetStorageConfig(): void {
  clearSingleton(NAME);
}
