import { clsx } from "clsx";
import type { ComponentPropsWithRef } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const variants: Record<Variant, string> = {
  primary: "bg-primary text-primary-ink hover:bg-primary-hover font-semibold",
  secondary: "border border-gray-300 bg-white text-gray-900 hover:bg-gray-50",
  ghost: "text-primary-strong hover:underline",
  /** irreversible actions (deleting the account); white on the danger red is 5.6:1 */
  danger: "bg-danger text-white hover:bg-red-800 font-semibold",
};

/** A button's own props, `ref` included (React 19 passes it as a prop: focus can be given back to a button). */
export type ButtonProps = ComponentPropsWithRef<"button"> & { variant?: Variant; pending?: boolean };

export function Button({ variant = "primary", pending = false, className, disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={clsx(
        "inline-flex h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60",
        variants[variant],
        className,
      )}
    >
      {pending ? <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" /> : null}
      {children}
    </button>
  );
}
