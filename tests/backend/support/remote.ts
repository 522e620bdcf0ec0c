import http from "node:http";
import { listenServices, type ServicesServer } from "@/lib/backend/http/node-server";
import type { Reply } from "./harness";

/**
 * The services on a real socket (the standalone server of `npm run services`) on 127.0.0.1, and
 * a plain Node HTTP client that connects from any loopback address: 127.0.0.2 and 127.0.0.3 are
 * two different remote clients to the server, as an attacker's machines would be.
 */
export type Remote = { server: ServicesServer; from(address: string): RemoteClient };

export type RemoteClient = {
  call(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<Reply>;
};

export async function startRemote(): Promise<Remote> {
  const server = await listenServices({ port: 0, hostname: "127.0.0.1" });
  return { server, from: (address) => clientFrom(server.port, address) };
}

/** One request on a fresh connection bound to `localAddress`, answered as an envelope. */
export function rawRequest(options: {
  port: number;
  localAddress: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: options.port, localAddress: options.localAddress, method: options.method, path: options.path, headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

function clientFrom(port: number, localAddress: string): RemoteClient {
  return {
    async call(method, path, options = {}) {
      const body = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers: Record<string, string> = { ...(body === undefined ? {} : { "content-type": "application/json" }), ...options.headers };
      const answer = await rawRequest({ port, localAddress, method, path, headers, body });
      const json = JSON.parse(answer.text) as { code: number; data?: Record<string, unknown>; message?: string };
      const reply: Reply = { status: answer.status, code: json.code, data: json.data, message: json.message };
      const retryAfter = answer.headers["retry-after"];
      if (typeof retryAfter === "string") reply.retryAfter = retryAfter;
      return reply;
    },
  };
}
