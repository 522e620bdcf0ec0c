import { emailField } from "@/lib/validation/fields";
import type { ActionError } from "@/lib/session/action-result";

/**
 * Puts the server's field messages (message keys) on the named fields of a form. Returns false
 * when the error is not about any of them, so the caller shows one message for the whole form
 * (which names the field's problem, see use-error-text.ts).
 */
export function applyFieldErrors<N extends string>(
  error: ActionError,
  names: readonly N[],
  setError: (name: N, error: { message: string }) => void,
): boolean {
  const fields = error.fields;
  if (!fields) return false;
  let marked = false;
  for (const name of names) {
    const key = fields[name];
    if (!key) continue;
    setError(name, { message: key });
    marked = true;
  }
  return marked;
}

/** The email of a form checked before a code is requested: the valid address, or null after marking the field. */
export function validEmailOrMark(value: unknown, mark: (message: string) => void, clear: () => void): string | null {
  const email = emailField(value);
  if (!email.ok) {
    mark(email.message);
    return null;
  }
  clear();
  return email.value;
}
