import http from "node:http";

/**
 * HTTP for the scale test's clients: node's http with keep-alive, bound to a chosen loopback
 * address (a "different client" is 127.0.0.x), with a bound on each request's time. Every
 * answer is returned whatever its status; a failure without an answer throws (a lost request).
 */
export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
export type Envelope = { code: number; data?: Record<string, unknown> };

const agents = new Map<string, http.Agent>();
function agentFor(localAddress: string): http.Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    agents.set(localAddress, agent);
  }
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export type RequestOptions = { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string; timeoutMs?: number };

/**
 * A request sent on a kept-alive connection that the server closed meanwhile (its idle timeout,
 * a restart) fails before any answer: it is sent again on a new connection, once, as browsers
 * do. A request that failed on a new connection is lost, and counted so by the caller.
 */
export async function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  try {
    return await requestOnce(url, options);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    return requestOnce(url, options, true);
  }
}

class StaleConnectionError extends Error {}

function requestOnce(url: string, options: RequestOptions, fresh = false): Promise<Answer> {
  const from = options.from ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    const body = typeof options.body === "string" ? Buffer.from(options.body) : options.body;
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        headers: { ...(body ? { "content-length": String(body.length) } : {}), ...options.headers },
        localAddress: from,
        // the one retry goes on a connection of its own
        agent: fresh ? false : agentFor(from),
        timeout: options.timeoutMs ?? 90_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    let answered = false;
    req.on("response", () => (answered = true));
    req.on("error", (error: NodeJS.ErrnoException) => {
      const stale = req.reusedSocket && !answered && (error.code === "ECONNRESET" || error.message === "socket hang up");
      reject(stale ? new StaleConnectionError(error.message, { cause: error }) : error);
    });
    req.end(body);
  });
}

/** A JSON call of the services' API (the `{code, data}` envelope); a non-JSON answer has code -1. */
export async function api(base: string, method: string, path: string, options: { body?: unknown; token?: string; from?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; envelope: Envelope }> {
  const answer = await request(`${base}${path}`, {
    method,
    from: options.from,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...(options.token ? { utoken: options.token } : {}), ...options.headers },
  });
  let envelope: Envelope = { code: -1 };
  try {
    envelope = JSON.parse(answer.body.toString("utf8")) as Envelope;
  } catch {
    // an HTML error page of the balancer, or nothing
  }
  return { status: answer.status, envelope };
}
