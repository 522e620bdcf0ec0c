"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { changeEnterprisePasswordAction } from "@/lib/actions/business-profile";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { PasswordChangeDialog } from "@/components/account/password-change-dialog";
import { useViewReload } from "./account-view";

/**
 * The default-password warning (SPEC §1) and the dialog that changes the password
 * (PATCH /v1/enterprise/password); once changed, the warning is gone.
 */
export function EnterprisePassword({ lang, query, defaultPassword }: { lang: string; query: string; defaultPassword: boolean }) {
  const t = useTranslations("businessSettings");
  const reload = useViewReload();
  const hydrated = useHydrated();
  const [isDefault, setIsDefault] = useState(defaultPassword);
  const [changed, setChanged] = useState(false);

  const trigger = (
    <Button variant={isDefault ? "primary" : "secondary"} className="h-9 self-start" disabled={!hydrated}>
      {t("changePassword")}
    </Button>
  );

  return (
    <div className="mt-4 flex flex-col gap-3">
      {isDefault ? <Alert tone="warning">{t("defaultPassword")}</Alert> : null}
      {changed ? <Alert tone="success">{t("changed")}</Alert> : null}
      <PasswordChangeDialog
        label={(key) => t(key)}
        trigger={trigger}
        send={(values) => changeEnterprisePasswordAction(values, { lang, query })}
        onChanged={() => {
          setIsDefault(false);
          setChanged(true);
          reload();
        }}
      />
    </div>
  );
}
