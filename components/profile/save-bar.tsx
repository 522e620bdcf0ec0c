"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { SaveState } from "./use-field-save";

/** A field group's save button with its "saving… / saved / error" feedback beside it. */
/** Quiet until the group has unsaved changes, then the page's primary action. */
export function SaveBar({ state, dirty }: { state: SaveState; dirty: boolean }) {
  const t = useTranslations("profile");
  const saving = state.status === "saving";
  return (
    <div className="flex flex-col gap-3">
      {state.status === "failed" ? <Alert tone="error">{state.message}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant={dirty ? "primary" : "secondary"} pending={saving} className="h-10 min-w-24">
          {saving ? t("saving") : t("save")}
        </Button>
        <p role="status" className="flex items-center gap-1.5 text-sm text-primary-strong">
          {state.status === "saved" ? (
            <>
              <svg aria-hidden viewBox="0 0 20 20" className="size-4 fill-current">
                <path d="M7.7 13.3 4.4 10l-1.2 1.2 4.5 4.5 9.1-9.1-1.2-1.2z" />
              </svg>
              {t("saved")}
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
