"use client";

import { useId, type Ref, type TextareaHTMLAttributes } from "react";

/** A labelled multi-line field with its hint and its error announced, as Field is for one line (react-hook-form's ref as a prop). */
export function TextAreaField({ label, hint, error, ref, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: string; error?: string | undefined; ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-24 w-full rounded-lg border bg-white px-3 py-2 font-mono text-sm text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong ${error ? "border-danger" : "border-gray-300"}`}
        {...rest}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
