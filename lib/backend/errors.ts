import { ErrorCode, type ErrorCodeValue } from "@/lib/contract/errors";
import { backendMetrics } from "./metrics";

/**
 * A failure the caller should see as `{code, data?, message}`. Services throw it; the router
 * turns it into the envelope with the HTTP status of the code. Anything else becomes 10000.
 */
export class ServiceError extends Error {
  readonly code: ErrorCodeValue;
  readonly data: Record<string, unknown> | undefined;
  /** replaces the message of the code (lib/contract/error-messages.ts); never put user input in it */
  readonly publicMessage: string | undefined;

  constructor(code: ErrorCodeValue, data?: Record<string, unknown>, publicMessage?: string) {
    super(`service error ${code}`);
    this.name = "ServiceError";
    this.code = code;
    this.data = data;
    this.publicMessage = publicMessage;
  }
}

export { ErrorCode };
export type { ErrorCodeValue };

/** A throttled caller: HTTP 429 with `data.retryAfter` (whole seconds, at least 1) and a Retry-After header. */
export function throttled(retryAfterMs: number, code: typeof ErrorCode.tooManyRequests | typeof ErrorCode.captchaFrequency = ErrorCode.tooManyRequests): ServiceError {
  backendMetrics().rateLimited.inc({ code: String(code) });
  return new ServiceError(code, { retryAfter: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}
