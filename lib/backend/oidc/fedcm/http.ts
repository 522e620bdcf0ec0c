import type { IncomingMessage, ServerResponse } from "node:http";
import { readCappedForm } from "../form-body";

/**
 * The wire rules every FedCM endpoint shares (W3C Federated Credential Management, the identity
 * provider's HTTP API): the browser marks each of its requests `Sec-Fetch-Dest: webidentity`,
 * which a page's fetch cannot set, so a request without it is not the browser's FedCM and is
 * refused; an answer a brand's page must read (the ID assertion, the disconnect) carries CORS for
 * that page's exact origin with credentials; an error is `{"error": {"code", "url"}}`.
 */
export const FORM_MAX_BYTES = 4_096;

export function fromBrowserFedcm(request: IncomingMessage): boolean {
  return request.headers["sec-fetch-dest"] === "webidentity";
}

export type FedcmError = "invalid_request" | "unauthorized_client" | "access_denied" | "temporarily_unavailable" | "server_error";

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), "cache-control": "no-store", ...headers });
  response.end(text);
}

/** CORS for the brand's page, which reads the answer; only ever an origin registered for the app. */
export function corsFor(origin: string): Record<string, string> {
  return { "access-control-allow-origin": origin, "access-control-allow-credentials": "true", vary: "Origin" };
}

/** The standard error answer; `cors` when the caller is a registered origin (the browser then tells the page). */
export function sendError(response: ServerResponse, status: number, code: FedcmError, cors?: string): void {
  sendJson(response, status, { error: { code } }, cors ? corsFor(cors) : {});
}

/** A url-encoded body read through a cap; null when it is larger or is not a form. */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  const type = String(request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return null;
  return readCappedForm(request, FORM_MAX_BYTES);
}
