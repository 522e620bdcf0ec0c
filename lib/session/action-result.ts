/** What every server action returns (ARCHITECTURE "Mutations are server actions"). */
export type ActionError = {
  /** An upstream or portal error code; the client shows `errors.<code>`. */
  code: number;
  retryAfter?: number;
  /** Field name → validation message key, when the input itself was refused. */
  fields?: Record<string, string>;
};

export type ActionResult<T = Record<string, never>> = ({ ok: true } & T) | { ok: false; error: ActionError };
