"use client";

import { forwardRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Field, type FieldProps } from "@/components/ui/field";

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, "type" | "trailing">>(function PasswordField(props, ref) {
  const t = useTranslations("common");
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      ref={ref}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          className="rounded px-2 py-1 text-xs font-medium text-primary-strong hover:underline"
        >
          {visible ? t("hidePassword") : t("showPassword")}
        </button>
      }
    />
  );
});
