"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { logoutAction } from "@/lib/actions/account";
import { Button } from "@/components/ui/button";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { useLaunchQuery } from "./use-launch-query";
import { useBusinessArea } from "./use-business-area";
import { useHydrated } from "@/components/ui/use-hydrated";
import { announce } from "@/lib/analytics/announce";
import { completeSignOut } from "@/lib/bridge/sign-in";

const BUTTON_CLASS = "h-9 shrink-0 whitespace-nowrap";

export function LogoutButton({ lang }: { lang: string }) {
  const t = useTranslations("menu");
  const text = useErrorText();
  const query = useLaunchQuery();
  const business = useBusinessArea();
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    setPending(true);
    setError(null);
    const result = await callAction(() => logoutAction({ lang, query, business }));
    if (result.ok) {
      announce({ event: "logout" });
      await completeSignOut(result.redirect);
      return;
    }
    setPending(false);
    setError(text.action(result.error));
  }

  return (
    <div className="flex items-center gap-2">
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      <Button variant="secondary" className={BUTTON_CLASS} onClick={onClick} pending={pending} disabled={!hydrated}>
        {t("logout")}
      </Button>
    </div>
  );
}

/**
 * The button as it stands before the page's script has read the address: the same size and
 * label, disabled (as the button itself is until hydrated), so the header does not grow and push
 * the page down when the button arrives (a layout shift Lighthouse counted on every signed-in page).
 */
export function LogoutButtonPlaceholder() {
  const t = useTranslations("menu");
  return (
    <Button variant="secondary" className={BUTTON_CLASS} disabled>
      {t("logout")}
    </Button>
  );
}
