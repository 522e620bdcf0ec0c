/**
 * Where browsers load the services' stored files (avatars) from when they live in an
 * S3-compatible bucket: S3_PUBLIC_URL (the bucket or a CDN in front of it), else the bucket's
 * own address. Both halves need the one answer: the services write avatar addresses under it
 * (lib/backend/config.ts) and the portal's Content-Security-Policy lets pages show images from
 * its origin (lib/config.ts, lib/security/headers.ts).
 */
export type ObjectStoreAddress = { bucket: string; region: string; endpoint: string | null; forcePathStyle: boolean; publicUrl: string | null };

export function withoutTrailingSlash(value: string): string {
  return value.replace(/\/+$/, "");
}

export function objectStorePublicUrl({ bucket, region, endpoint, forcePathStyle, publicUrl }: ObjectStoreAddress): string {
  if (publicUrl) return withoutTrailingSlash(publicUrl);
  if (!endpoint) return `https://${bucket}.s3.${region}.amazonaws.com`;
  const base = new URL(endpoint);
  if (forcePathStyle) return `${withoutTrailingSlash(base.href)}/${bucket}`;
  return `${base.protocol}//${bucket}.${base.host}`;
}
