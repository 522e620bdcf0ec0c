"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { AppAccess } from "@/lib/contract/app-access";
import { ErrorCode, errorMessageKey } from "@/lib/contract/errors";
import { BRANDS, brandCodeOf } from "@/lib/launch/brands";
import { removeAppAccessAction } from "@/lib/actions/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { ConfirmDialog } from "./confirm-dialog";
import { LocalTime } from "./local-time";
import { Badge, SecuritySection } from "./section";
import type { SecurityPageRef } from "./page-ref";

type Props = { page: SecurityPageRef; initial: AppAccess[] | null; error: number | null };

/** The scopes an app may hold, in the words the page uses (others are shown as they are). */
const SCOPES = ["openid", "profile", "email", "offline_access"] as const;
type KnownScope = (typeof SCOPES)[number];
function isKnownScope(scope: string): scope is KnownScope {
  return (SCOPES as readonly string[]).includes(scope);
}

/**
 * Apps with access to the account: the brand apps the user signed in to through the OpenID
 * Provider, what each may do, and since when. Removing one ends its grant and tokens (the app is
 * told by back-channel logout) after a confirmation; the portal's own sessions stay.
 */
export function AppsSection({ page, initial, error }: Props) {
  const t = useTranslations("security.apps");
  const te = useTranslations("errors");
  const text = useErrorText();
  const hydrated = useHydrated();
  const locale = useLocale();
  const [apps, setApps] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);

  function brandOf(app: AppAccess): string | null {
    const brand = app.brand ? brandCodeOf(app.brand) : null;
    return brand ? BRANDS[brand].title[locale] : null;
  }

  async function remove(app: AppAccess): Promise<string | null> {
    const result = await callAction(() => removeAppAccessAction({ clientId: app.clientId }, page));
    // gone already (another tab, another device): the list catches up all the same
    if (!result.ok && result.error.code !== ErrorCode.appAccessNotFound) return text.action(result.error);
    setApps((current) => current && current.filter((item) => item.clientId !== app.clientId));
    setNotice(t("removed", { app: app.name }));
    return null;
  }

  return (
    <SecuritySection id="apps" title={t("title")} description={t("description")}>
      {error !== null && !apps ? <Alert tone="error">{te(errorMessageKey(error), { seconds: 60 })}</Alert> : null}
      {notice ? (
        <Alert tone="success" className="mb-3">
          {notice}
        </Alert>
      ) : null}
      {apps && apps.length === 0 ? <p className="text-sm text-muted">{t("empty")}</p> : null}
      {apps && apps.length > 0 ? (
        <ul className="divide-y divide-gray-100">
          {apps.map((app) => {
            const brand = brandOf(app);
            return (
              <li key={app.clientId} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                    <span className="break-words">{app.name}</span>
                    {app.firstParty ? null : <Badge>{t("thirdParty")}</Badge>}
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    {brand ? `${brand} · ` : null}
                    {app.since ? t.rich("since", { date: () => <LocalTime iso={app.since ?? ""} /> }) : null}
                  </p>
                  <ul className="mt-1 list-disc pl-5 text-sm text-gray-700" aria-label={t("mayDo", { app: app.name })}>
                    {app.scopes.filter((scope) => scope !== "openid").map((scope) => (
                      <li key={scope}>{isKnownScope(scope) ? t(`scopes.${scope}`) : scope}</li>
                    ))}
                    <li>{t("scopes.openid")}</li>
                  </ul>
                </div>
                <ConfirmDialog
                  trigger={
                    <Button variant="secondary" className="h-9 shrink-0" disabled={!hydrated} aria-label={t("removeFor", { app: app.name })}>
                      {t("remove")}
                    </Button>
                  }
                  title={t("removeTitle", { app: app.name })}
                  description={t("removeDescription", { app: app.name })}
                  confirmLabel={t("remove")}
                  onConfirm={() => remove(app)}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </SecuritySection>
  );
}
