/**
 * The one error type of every upstream call: the envelope's `code` (or a portal-side
 * code for network failures, see lib/contract/errors.ts), so callers map codes to
 * translated messages and never show the upstream's English text.
 */
export class UpstreamError extends Error {
  override readonly name = "UpstreamError";
  /** the envelope code; 1000 unreachable, 1002 network error or timeout, 10000 invalid response */
  readonly code: number;
  /** the upstream's error status, or the contract's status for the code when it answered 2xx or not at all */
  readonly httpStatus: number;
  /** seconds to wait before retrying, when the upstream throttled the call */
  readonly retryAfter?: number;
  /** with 20109 (a sign-in from a new device): the challenge that POST /v1/login/device finishes; with 20901 (two-step): the ticket of POST /v1/login/two-step */
  readonly challenge?: string;
  /** with 1002: the call ran out of time (the user reads 'Request timed out') */
  readonly timedOut?: boolean;
  /** the envelope's `data` of a refusal (e.g. the console's `{error, field}` with 10001): what callers read, never the message text */
  readonly data?: unknown;

  constructor(init: { code: number; message: string; httpStatus: number; retryAfter?: number; challenge?: string; timedOut?: boolean; data?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.challenge !== undefined) this.challenge = init.challenge;
    if (init.timedOut) this.timedOut = true;
    if (init.data !== undefined && init.data !== null) this.data = init.data;
  }
}

/** True for an UpstreamError, also one that crossed a module boundary (bundles can duplicate the class). */
export function isUpstreamError(error: unknown): error is UpstreamError {
  if (error instanceof UpstreamError) return true;
  return (
    error instanceof Error &&
    error.name === "UpstreamError" &&
    typeof (error as { code?: unknown }).code === "number" &&
    typeof (error as { httpStatus?: unknown }).httpStatus === "number"
  );
}
