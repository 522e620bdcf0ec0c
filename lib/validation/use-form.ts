"use client";

import { useCallback, useMemo, useRef, useState, type BaseSyntheticEvent, type ChangeEvent } from "react";
import type { FormSchema } from "./form-schema";

/**
 * The public sign-in forms' state: uncontrolled inputs checked by a `formSchema` (the contract's
 * rules), in the few hundred bytes those forms need instead of a form library, so each public
 * page stays inside its script budget (docs/decisions.md). The signed-in forms keep
 * react-hook-form. The surface is the part of react-hook-form these forms used, with the same
 * behaviour: check on submit, then re-check a field as it changes; the first field in error
 * gets the focus; values of fields that leave the page (a step of a wizard) are kept.
 */
type FieldValue = string | boolean;
export type FieldError = { message?: string };
export type FieldErrors<T> = Partial<Record<keyof T & string, FieldError>>;

export type RegisteredField<N extends string = string> = {
  name: N;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
};

type Options<T> = { schema: FormSchema<T>; defaultValues: { [K in keyof T]: T[K] } };

function issuesOf<T>(schema: FormSchema<T>, values: Record<string, FieldValue>): Map<string, string> {
  const result = schema.safeParse(values);
  const issues = new Map<string, string>();
  if (!result.success) for (const issue of result.error.issues) if (!issues.has(issue.path[0])) issues.set(issue.path[0], issue.message);
  return issues;
}

export function useForm<T extends Record<string, FieldValue>>({ schema, defaultValues }: Options<T>) {
  type Name = keyof T & string;
  const values = useRef<Record<string, FieldValue>>({ ...defaultValues });
  const elements = useRef(new Map<string, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const showIssues = useCallback(
    (names: readonly Name[]): boolean => {
      const issues = issuesOf(schema, values.current);
      setErrors((current) => {
        const next: FieldErrors<T> = { ...current };
        for (const name of names) {
          const message = issues.get(name);
          if (message) next[name] = { message };
          else delete next[name];
        }
        return next;
      });
      return names.every((name) => !issues.has(name));
    },
    [schema],
  );

  const register = useCallback(
    <N extends Name>(name: N): RegisteredField<N> => ({
      name,
      ref: (element) => {
        if (!element) return void elements.current.delete(name);
        elements.current.set(name, element);
        const value = values.current[name];
        if (element.type === "checkbox") element.checked = value === true;
        else element.value = typeof value === "string" ? value : "";
      },
      onChange: (event) => {
        const element = event.target;
        values.current[name] = element.type === "checkbox" ? element.checked : element.value;
        if (submitted.current) showIssues([name]);
      },
      onBlur: () => undefined,
    }),
    [showIssues],
  );

  const getValues = useCallback(<N extends Name>(name: N): T[N] => values.current[name] as T[N], []);

  const setError = useCallback((name: Name, error: FieldError) => {
    setErrors((current) => ({ ...current, [name]: { message: error.message } }));
  }, []);

  const clearErrors = useCallback((name: Name) => {
    setErrors((current) => {
      const next: FieldErrors<T> = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  /** Checks the named fields (all when none is named) and shows their messages. */
  const trigger = useCallback(
    async (name?: Name | readonly Name[]): Promise<boolean> => {
      const names = name === undefined ? (Object.keys(values.current) as Name[]) : typeof name === "string" ? [name] : name;
      return showIssues(names);
    },
    [showIssues],
  );

  const handleSubmit = useCallback(
    (onValid: (data: T) => Promise<void> | void) =>
      async (event?: BaseSyntheticEvent): Promise<void> => {
        event?.preventDefault();
        submitted.current = true;
        const result = schema.safeParse(values.current);
        if (!result.success) {
          const next: FieldErrors<T> = {};
          for (const issue of result.error.issues) next[issue.path[0] as Name] ??= { message: issue.message };
          setErrors(next);
          const first = Object.keys(defaultValues).find((name) => name in next);
          if (first) elements.current.get(first)?.focus();
          return;
        }
        setErrors({});
        setSubmitting(true);
        try {
          await onValid(result.data);
        } finally {
          setSubmitting(false);
        }
      },
    [schema, defaultValues],
  );

  const formState = useMemo(() => ({ errors, isSubmitting }), [errors, isSubmitting]);
  return { register, handleSubmit, formState, getValues, setError, clearErrors, trigger };
}
