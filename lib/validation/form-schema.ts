import { characterCount, type TextRule } from "@/lib/contract/rules";

/**
 * The sign-in and security forms' schemas: the contract's rules (lib/contract/rules.ts) checked
 * by a few lines instead of a validation library, so the public pages stay inside their script
 * budget. A schema answers `safeParse` like zod does, so the server actions check the very same
 * schema the form used; a react-hook-form form runs it through form-resolver.ts.
 */
export type Issue = { path: [string]; message: string };
export type ParseResult<T> = { success: true; data: T; error?: undefined } | { success: false; error: { issues: Issue[] }; data?: undefined };
export type FormSchema<T> = { safeParse(input: unknown): ParseResult<T> };
export type Infer<S> = S extends FormSchema<infer T> ? T : never;

/** One field: its value as the form holds it → the checked value, or the key of its message. */
export type FieldCheck<V> = (value: unknown) => { ok: true; value: V } | { ok: false; message: string };

export function textField(rule: TextRule): FieldCheck<string> {
  return (raw) => {
    if (typeof raw !== "string") return { ok: false, message: rule.required };
    const value = rule.trim ? raw.trim() : raw;
    if (value.length === 0) return { ok: false, message: rule.required };
    const count = rule.min || rule.max ? characterCount(value) : 0;
    if (rule.min && count < rule.min[0]) return { ok: false, message: rule.min[1] };
    if (rule.max && count > rule.max[0]) return { ok: false, message: rule.max[1] };
    if (rule.pattern && !rule.pattern[0].test(value)) return { ok: false, message: rule.pattern[1] };
    return { ok: true, value };
  };
}

/** A text that is only checked for being there (a second password typed to confirm). */
export function requiredText(message: string): FieldCheck<string> {
  return (raw) => (typeof raw === "string" && raw.length > 0 ? { ok: true, value: raw } : { ok: false, message });
}

export function pattern(regex: RegExp, message = "invalid"): FieldCheck<string> {
  return (raw) => (typeof raw === "string" && regex.test(raw) ? { ok: true, value: raw } : { ok: false, message });
}

export const booleanField: FieldCheck<boolean> = (raw) => (typeof raw === "boolean" ? { ok: true, value: raw } : { ok: false, message: "invalid" });

/** A box that must be ticked (the agreement, the deletion confirmations). */
export function ticked(message: string): FieldCheck<boolean> {
  return (raw) => (raw === true ? { ok: true, value: true } : { ok: false, message });
}

export function oneOf<const T extends readonly string[]>(values: T, message = "invalid"): FieldCheck<T[number]> {
  return (raw) => (typeof raw === "string" && (values as readonly string[]).includes(raw) ? { ok: true, value: raw as T[number] } : { ok: false, message });
}

type Values<F> = { [K in keyof F]: F[K] extends FieldCheck<infer V> ? V : never };

/**
 * A form of fields, checked all at once (every field's first failure is reported), and the
 * cross-field rule over the fields that passed (two passwords that differ).
 */
export function formSchema<F extends Record<string, FieldCheck<unknown>>>(fields: F, refine?: (data: Partial<Values<F>>) => Issue | null): FormSchema<Values<F>> {
  return {
    safeParse(input) {
      const source = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
      const data: Record<string, unknown> = {};
      // the cross-field rule also sees what was typed into a field that failed its own check
      const typed: Record<string, unknown> = {};
      const issues: Issue[] = [];
      for (const [name, check] of Object.entries(fields)) {
        const result = check(source[name]);
        if (result.ok) data[name] = typed[name] = result.value;
        else {
          issues.push({ path: [name], message: result.message });
          if (typeof source[name] === "string") typed[name] = source[name];
        }
      }
      if (refine) {
        const issue = refine(typed as Partial<Values<F>>);
        if (issue) issues.push(issue);
      }
      return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data: data as Values<F> };
    },
  };
}

/**
 * Two new passwords must be the same (SPEC §5): the same in NFC, as the services hash them, so an
 * accent typed composed in one field and decomposed in the other is no mismatch.
 */
export function samePasswordTwice(data: { password?: string; confirmPassword?: string }): Issue | null {
  if (data.password === undefined || data.confirmPassword === undefined) return null;
  return data.password.normalize("NFC") === data.confirmPassword.normalize("NFC") ? null : { path: ["confirmPassword"], message: "passwordsMismatch" };
}

/** A whole schema as one field of another (the verification value inside a code request). */
export function nested<T>(schema: FormSchema<T>, message = "invalid"): FieldCheck<T> {
  return (raw) => {
    const result = schema.safeParse(raw);
    return result.success ? { ok: true, value: result.data } : { ok: false, message };
  };
}

/** One field on its own, answering `safeParse` like a schema (an id an action receives). */
export function fieldSchema<T>(check: FieldCheck<T>): FormSchema<T> {
  return {
    safeParse(input) {
      const result = check(input);
      return result.ok ? { success: true, data: result.value } : { success: false, error: { issues: [{ path: ["value"], message: result.message }] } };
    },
  };
}

/** A whole number (a number, or digits as a query string gives them) accepted by `accept`; `fallback` when absent. */
export function wholeNumber(accept: (n: number) => boolean, fallback?: number): FieldCheck<number> {
  return (raw) => {
    if ((raw === undefined || raw === null) && fallback !== undefined) return { ok: true, value: fallback };
    const value = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    return Number.isInteger(value) && accept(value) ? { ok: true, value } : { ok: false, message: "invalid" };
  };
}
