/**
 * Serves tests/e2e/fixtures (the 4-second welder video and its captions) on loopback, with
 * byte ranges (browsers seek with them) and CORS (the portal plays it from another origin, as
 * from a CDN). Started and stopped by Playwright's webServer, by its own process.
 */
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

const port = Number(process.env.VIDEO_SERVER_PORT ?? 3120);
const root = path.resolve("tests/e2e/fixtures");
const TYPES: Record<string, string> = { ".mp4": "video/mp4", ".vtt": "text/vtt; charset=utf-8" };

createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/health") return void response.end("ok");
  const file = path.join(root, path.basename(url.pathname));
  const type = TYPES[path.extname(file)];
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    size = -1;
  }
  if (!type || size < 0) {
    response.writeHead(404).end();
    return;
  }
  const headers = { "content-type": type, "accept-ranges": "bytes", "access-control-allow-origin": "*", "cache-control": "no-store" };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
  if (!range) {
    response.writeHead(200, { ...headers, "content-length": size });
    createReadStream(file).pipe(response);
    return;
  }
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start > end || start >= size) {
    response.writeHead(416, { ...headers, "content-range": `bytes */${size}` }).end();
    return;
  }
  response.writeHead(206, { ...headers, "content-length": end - start + 1, "content-range": `bytes ${start}-${end}/${size}` });
  createReadStream(file, { start, end }).pipe(response);
}).listen(port, "127.0.0.1");
