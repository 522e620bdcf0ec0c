import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { FormSchema } from "./form-schema";

/**
 * A schema as react-hook-form's resolver: field errors carry the message keys. The one resolver
 * of every useForm form (not yet every form: docs/architecture.md lists the others), with
 * useForm's defaults as the forms' behaviour: checked on submit, then a field again as it
 * changes (mode "onSubmit", reValidateMode "onChange"), the first field in error focused
 * (shouldFocusError), and the values of fields that leave the page, a wizard's earlier step,
 * kept (shouldUnregister false).
 */
export function formResolver<T extends FieldValues>(schema: FormSchema<T>): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) errors[issue.path[0]] ??= { type: "validation", message: issue.message };
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
