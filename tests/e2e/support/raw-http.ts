import net from "node:net";

/**
 * HTTP as an attacker writes it: bytes on a socket bound to another loopback address (another
 * client), with whatever headers and framing it likes, read back as status, headers and body.
 */
export type RawAnswer = { status: number; head: string; body: string };

function parse(data: Buffer): RawAnswer {
  const end = data.indexOf("\r\n\r\n");
  const head = (end < 0 ? data : data.subarray(0, end)).toString("utf8");
  let body = end < 0 ? Buffer.alloc(0) : data.subarray(end + 4);
  if (/^transfer-encoding:\s*chunked/im.test(head)) body = unchunk(body);
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: body.toString("utf8") };
}

/** A chunked body's data: sizes count bytes, so this works on bytes, not characters. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = body;
  for (;;) {
    const line = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.subarray(0, line).toString("latin1"), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(rest.subarray(line + 2, line + 2 + size));
    rest = rest.subarray(line + 2 + size + 2);
  }
}

/** Whether `data` holds a whole answer: its head, and its body as long as the head says. */
function complete(data: Buffer): boolean {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = data.subarray(0, end).toString("latin1");
  const body = data.subarray(end + 4);
  if (/^transfer-encoding:\s*chunked/im.test(head)) return body.includes("\r\n0\r\n\r\n") || body.subarray(0, 5).toString("latin1") === "0\r\n\r\n";
  const length = /^content-length:\s*(\d+)/im.exec(head)?.[1];
  return length !== undefined && body.length >= Number(length);
}

/** One request (head and body as given, with `connection: close`) on a fresh connection from `from`; the answer once the server closes. */
export function rawExchange(port: number, from: string, head: string, body: Uint8Array | string = ""): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port, localAddress: from });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // a server that answers and drops the rest of the request resets the connection: the answer counts
    socket.on("error", (error) => (chunks.length > 0 ? resolve(parse(Buffer.concat(chunks))) : reject(error)));
    socket.on("close", () => resolve(parse(Buffer.concat(chunks))));
    // not ended from this side: a half-closed socket may be taken for a client that left
    socket.write(head.replace(/\r?\n/g, "\r\n").trimEnd() + "\r\n\r\n");
    socket.write(typeof body === "string" ? Buffer.from(body) : body);
  });
}

/**
 * Streams up to `total` bytes of chunked body after `head` until the server answers or cuts
 * the connection: what it answered (status 0: cut without an answer) and how much went out.
 */
export function chunkedFlood(port: number, from: string, head: string, total: number): Promise<{ answer: RawAnswer; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, localAddress: from });
    const chunks: Buffer[] = [];
    const piece = Buffer.alloc(64 * 1024, "a");
    const frame = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
    let sent = 0;
    let answered = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ answer: parse(Buffer.concat(chunks)), sent });
    };
    socket.on("data", (chunk: Buffer) => {
      answered = true;
      chunks.push(chunk);
    });
    socket.on("error", finish);
    socket.on("close", finish);
    // done once the whole answer is in (or when the server closes)
    socket.on("data", () => complete(Buffer.concat(chunks)) && finish());
    socket.write(head.replace(/\r?\n/g, "\r\n").trimEnd() + "\r\ntransfer-encoding: chunked\r\n\r\n");
    const pump = () => {
      while (!answered && !done && sent < total) {
        sent += piece.length;
        if (!socket.write(frame)) return void socket.once("drain", pump);
      }
      if (!answered && !done) socket.end("0\r\n\r\n");
    };
    pump();
  });
}
