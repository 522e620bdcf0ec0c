import type { IncomingMessage } from "node:http";

/** What the reference bridge accepts as input (docs/native-bridge.md): bounded bodies, checked parameters. */
export const MAX_BODY = 64 * 1024;
export const KEY = /^[A-Za-z0-9._:-]{1,128}$/;
export const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._()-]{0,127}$/;

export class BadParams extends Error {}

export function text(value: unknown, pattern?: RegExp): string {
  if (typeof value !== "string" || value === "" || (pattern && !pattern.test(value))) throw new BadParams();
  return value;
}

export function httpUrl(value: unknown): URL {
  try {
    const url = new URL(text(value));
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // falls through
  }
  throw new BadParams();
}

export async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

