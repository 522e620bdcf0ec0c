"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import type { ActionError, ActionResult } from "@/lib/session/action-result";
import { callAction } from "@/components/auth/use-error-text";
import { useNotice } from "./page-notice";
import { useProfileErrorText } from "./use-profile-error-text";
import { useViewReload } from "@/components/account/account-view";

export type SaveState = { status: "idle" } | { status: "saving" };

/**
 * One field group's save: runs its server action, then says "saved" (and reads the page's data
 * again, for the summary at the top) or shows the translated error, as the page's one
 * notice (page-notice.tsx). Field errors go back to the form; the form keeps what the user typed
 * either way.
 */
export function useFieldSave() {
  const reload = useViewReload();
  const t = useTranslations("profile");
  const text = useProfileErrorText();
  const notices = useNotice(useId());
  const [state, setState] = useState<SaveState>({ status: "idle" });

  async function save<T>(run: () => Promise<ActionResult<T>>, onFields?: (fields: Record<string, string>) => boolean): Promise<boolean> {
    notices.clear();
    setState({ status: "saving" });
    const result = await callAction(run);
    setState({ status: "idle" });
    if (result.ok) {
      notices.success(t("saved"));
      reload();
      return true;
    }
    const { error } = result;
    if (error.fields && onFields?.(error.fields)) return false;
    notices.error(messageOf(error, text));
    return false;
  }

  /** Editing again after "saved" takes the note away; an error stays until the next save. */
  function edited() {
    notices.clearSuccess();
  }

  return { state, notice: notices.notice, save, edited };
}

function messageOf(error: ActionError, text: ReturnType<typeof useProfileErrorText>): string {
  const key = error.fields ? Object.values(error.fields)[0] : undefined;
  return (key && text.field(key)) || text.action(error);
}
