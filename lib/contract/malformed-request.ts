import type { Duplex } from "node:stream";
import { ErrorCode, type ErrorCodeValue } from "./errors";

/**
 * The answer to bytes that are not a valid HTTP request, which Node's http server reports as a
 * `clientError` and by default answers with a bare, empty 400. The common case: a DELETE (or any
 * request) whose body has no Content-Length, which HTTP reads as a request without a body
 * followed by garbage. Both servers (the portal's, and the services' own for `npm run services`)
 * answer it with the services' envelope instead, written straight to the socket (there is no
 * response object), and close the connection, as Node does.
 */
type Answer = { status: string; code: ErrorCodeValue; message: string };

const TOO_LARGE: Answer = { status: "431 Request Header Fields Too Large", code: ErrorCode.informationOutOfLimit, message: "Information out of limit." };
const ANSWERS: Record<string, Answer> = {
  HPE_HEADER_OVERFLOW: TOO_LARGE,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { ...TOO_LARGE, status: "413 Payload Too Large" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: "408 Request Timeout", code: ErrorCode.invalidParams, message: "The request took too long to arrive." },
};
const BAD_REQUEST: Answer = { status: "400 Bad Request", code: ErrorCode.invalidParams, message: "Invalid request parameters." };

export function malformedRequestBytes(errorCode: string | undefined): string {
  const answer = (errorCode !== undefined ? ANSWERS[errorCode] : undefined) ?? BAD_REQUEST;
  const body = JSON.stringify({ code: answer.code, message: answer.message });
  return `HTTP/1.1 ${answer.status}\r\ncontent-type: application/json\r\ncache-control: no-store\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/** A `clientError` listener: answers once, if nothing was written on the connection yet, then closes it. */
export function answerMalformedRequest(error: Error & { code?: string }, socket: Duplex & { bytesWritten?: number }): void {
  if (socket.writable && (socket.bytesWritten ?? 0) === 0 && error.code !== "ECONNRESET") socket.write(malformedRequestBytes(error.code));
  socket.destroy();
}
