import { AsyncLocalStorage } from "node:async_hooks";
import http, { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";
import { registerOutageListener } from "@/lib/upstream/outage";
import { loginStatusOf, setCookieOf } from "./login-status";
import type { AnswerRecording } from "./page-replay";

/**
 * The response class of the portal's server (Node's documented `ServerResponse` option of
 * `http.createServer`). When a call made for this request found the services out of service
 * (lib/upstream/outage.ts) and Next then answers 500 (a page whose data could not load shows
 * the user centre's error screen), the status goes out as 503 with `Retry-After`: during a
 * database restart a signed-in page says "unavailable, try again" to the balancer and the
 * browser, as the API does, instead of looking like a bug. Every other status is untouched.
 *
 * It also lends its body to a recording when one is set: the bytes of an answer the page replay
 * keeps (lib/server/page-replay.ts), as they go out, after Next's compression.
 */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export class OutageAwareResponse<Request extends IncomingMessage = IncomingMessage> extends http.ServerResponse<Request> {
  servicesUnavailable = false;
  // set only on the answers the page replay records (`declare`: no field on every response)
  declare recording: AnswerRecording | undefined;

  override write(...args: [chunk: unknown, ...rest: unknown[]]): boolean {
    this.recording?.add(args[0], args[1]);
    return (super.write as (...values: unknown[]) => boolean).apply(this, args);
  }

  override end(...args: unknown[]): this {
    this.recording?.add(args[0], args[1]);
    (super.end as (...values: unknown[]) => unknown).apply(this, args);
    return this;
  }

  override writeHead(statusCode: number, messageOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    // a sign-in or sign-out of the portal tells the browser (FedCM's Login Status API: login-status.ts)
    const loginStatus = loginStatusOf(setCookieOf(typeof messageOrHeaders === "string" ? headers : messageOrHeaders) ?? this.getHeader("set-cookie"));
    if (loginStatus) this.setHeader("set-login", loginStatus);
    if (statusCode !== 500 || !this.servicesUnavailable) {
      return typeof messageOrHeaders === "string" ? super.writeHead(statusCode, messageOrHeaders, headers) : super.writeHead(statusCode, messageOrHeaders);
    }
    this.setHeader("retry-after", String(OUTAGE_RETRY_AFTER_SECONDS));
    // Next's "Internal Server Error" reason phrase is dropped with its status
    return super.writeHead(503, typeof messageOrHeaders === "string" ? headers : messageOrHeaders);
  }
}

/** Which response the code running now works for: the upstream client's outage lands on it. */
const current = new AsyncLocalStorage<OutageAwareResponse>();

registerOutageListener(() => {
  const response = current.getStore();
  if (response) response.servicesUnavailable = true;
});

/** Runs Next's handler for one request, so outages found while it renders mark this response. */
export function withOutageStatus<T>(response: http.ServerResponse, run: () => T): T {
  return response instanceof OutageAwareResponse ? current.run(response, run) : run();
}
