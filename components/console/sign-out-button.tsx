"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { operatorSignOutAction } from "@/lib/actions/console/session";
import { callAction } from "@/components/auth/use-error-text";
import { Button } from "@/components/ui/button";

export function OperatorSignOutButton({ lang }: { lang: string }) {
  const t = useTranslations("console.shell");
  const [pending, setPending] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      pending={pending}
      onClick={async () => {
        setPending(true);
        const result = await callAction(() => operatorSignOutAction(lang));
        window.location.assign(result.ok ? result.redirect : window.location.href);
      }}
    >
      {t("signOut")}
    </Button>
  );
}
