"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import type { ActionError, ActionResult } from "@/lib/session/action-result";
import { callAction } from "@/components/auth/use-error-text";
import { useProfileErrorText } from "./use-profile-error-text";

export type SaveState = { status: "idle" } | { status: "saving" } | { status: "saved" } | { status: "failed"; message: string };

/**
 * One field group's save: runs its server action, then says "saved" (and refreshes the page's
 * server data, such as the summary at the top) or shows the translated error. Field errors go
 * back to the form; the form keeps what the user typed either way.
 */
export function useFieldSave() {
  const router = useRouter();
  const text = useProfileErrorText();
  const [state, setState] = useState<SaveState>({ status: "idle" });

  async function save<T>(run: () => Promise<ActionResult<T>>, onFields?: (fields: Record<string, string>) => boolean): Promise<boolean> {
    setState({ status: "saving" });
    const result = await callAction(run);
    if (result.ok) {
      setState({ status: "saved" });
      router.refresh();
      return true;
    }
    const { error } = result;
    if (error.fields && onFields?.(error.fields)) {
      setState({ status: "idle" });
      return false;
    }
    setState({ status: "failed", message: messageOf(error, text) });
    return false;
  }

  /** Editing again after "saved" takes the note away; an error stays until the next save. */
  function edited() {
    setState((current) => (current.status === "saved" ? { status: "idle" } : current));
  }

  return { state, save, edited };
}

function messageOf(error: ActionError, text: ReturnType<typeof useProfileErrorText>): string {
  const key = error.fields ? Object.values(error.fields)[0] : undefined;
  return (key && text.field(key)) || text.action(error);
}
