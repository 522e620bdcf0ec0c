"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { NoticeAlert, NoticeStatus, type Notice } from "./page-notice";
import type { SaveState } from "./use-field-save";

/**
 * A field group's save button with its "saving…" state, and the page's notice when it is this
 * group's: the error above, "saved" beside the button. Quiet until the group has unsaved
 * changes, then the page's primary action.
 */
export function SaveBar({ state, notice, dirty }: { state: SaveState; notice: Notice | null; dirty: boolean }) {
  const t = useTranslations("profile");
  const saving = state.status === "saving";
  return (
    <div className="flex flex-col gap-3">
      <NoticeAlert notice={notice} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant={dirty ? "primary" : "secondary"} pending={saving} className="h-10 min-w-24">
          {saving ? t("saving") : t("save")}
        </Button>
        <NoticeStatus notice={notice} />
      </div>
    </div>
  );
}
