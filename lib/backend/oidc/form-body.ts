import type { IncomingMessage } from "node:http";

/**
 * A url-encoded form read through a cap (the provider's consent form, FedCM's assertion and
 * disconnect calls): null as soon as it grows past `maxBytes`, so a huge or endless body is
 * never held in memory. Whether the request's type is a form is the caller's rule.
 */
export async function readCappedForm(request: IncomingMessage, maxBytes: number): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) return null;
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
