/**
 * Why a provider's answer or token was refused, for the log: the library's message and error
 * code (openid-client and jose say which check failed), never the token or the answer itself.
 */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === "string" ? ` ${code}` : ""}: ${error.message}`.slice(0, 300);
}
