/**
 * `npm run services`: the reference services on their own plain node:http server
 * (SERVICES_PORT, default 4000), for teams that deploy them apart from the portal.
 * Point the portal's PASSPORT_API_URL at it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { AVATAR_MAX_BYTES } from "@/lib/contract/user";
import { getConfig } from "./config";
import { getDb } from "./db/client";
import { shutdownBackend } from "./lifecycle";
import { handleServiceRequest } from "./http/router";

/** The largest call is an avatar upload (5 MB plus the multipart framing); routes set their own, smaller caps. */
const MAX_BODY_BYTES = AVATAR_MAX_BYTES + 1024 * 1024;

async function readRaw(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  return headers;
}

async function toRequest(req: IncomingMessage): Promise<Request | null> {
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  const hasBody = method !== "GET" && method !== "HEAD";
  const body = hasBody ? await readRaw(req) : null;
  if (hasBody && body === null) return null;
  return new Request(url, { method, headers: toHeaders(req), body: hasBody ? new Uint8Array(body ?? []) : undefined });
}

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const request = await toRequest(req);
  const response = request
    ? await handleServiceRequest(request, { remoteAddress: req.socket.remoteAddress })
    : Response.json({ code: 10002, message: "Information out of limit." }, { status: 413 });
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function main(): Promise<void> {
  const { servicesPort } = getConfig();
  await getDb(); // open and migrate before taking traffic
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      console.error("[services] could not answer:", error instanceof Error ? error.message : error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  server.listen(servicesPort, () => {
    console.info(`Reference services listening on http://localhost:${servicesPort} (/v1/**, /v2/**)`);
  });
  const stop = () => {
    server.close(() => {
      void shutdownBackend().finally(() => process.exit(0));
    });
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error("[services] failed to start:", error);
  process.exit(1);
});
