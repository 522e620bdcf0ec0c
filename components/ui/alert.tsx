import { clsx } from "clsx";
import type { ReactNode } from "react";

type Tone = "error" | "success" | "info" | "warning";

const tones: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-900",
  info: "border-gray-200 bg-gray-50 text-gray-800",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
};

/**
 * A notice box, its own live region (alert for errors, status otherwise) unless `live` is false:
 * inside a region that is already live (one that stays on the page), a second one would nest.
 */
export function Alert({ tone = "info", children, className, live = true }: { tone?: Tone; children: ReactNode; className?: string; live?: boolean }) {
  const role = tone === "error" ? "alert" : "status";
  return (
    <div role={live ? role : undefined} className={clsx("rounded-lg border px-3 py-2 text-sm", tones[tone], className)}>
      {children}
    </div>
  );
}
