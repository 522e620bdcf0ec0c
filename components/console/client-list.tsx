"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ClientItem, ClientSecret } from "@/lib/contract/console/screens";
import type { ClientScopesInput } from "@/lib/validation/console";
import { Button } from "@/components/ui/button";
import { ClientScopesEditor, type ChangedScopes } from "./client-scopes-editor";
import { OneTimeSecret } from "./one-time-secret";
import { ReasonConfirm } from "./reason-confirm";
import type { ActionResult } from "@/lib/session/action-result";

/**
 * The registered apps, oldest first: kind, brand, URIs, scopes and state. A client_secret_basic
 * app's secret can be rotated (the new one shown once, here), any enabled app's scopes chosen
 * again, and any enabled app disabled, each behind a dialog that names the consequence and asks
 * for the reason.
 */
export function ClientList({
  items,
  onRotate,
  onScopes,
  onDisable,
}: {
  items: ClientItem[];
  onRotate: (clientId: string, reason: string) => Promise<ActionResult<{ data: ClientSecret }>>;
  onScopes: (clientId: string, input: ClientScopesInput) => Promise<ActionResult<{ data: ChangedScopes }>>;
  onDisable: (clientId: string, reason: string) => Promise<ActionResult<{ data: object }>>;
}) {
  const t = useTranslations("console.apps");
  const common = useTranslations("console.common");
  const router = useRouter();
  const [rotated, setRotated] = useState<{ clientId: string; secret: string } | null>(null);
  const [rescoped, setRescoped] = useState<ChangedScopes | null>(null);
  return (
    <section aria-labelledby="client-list" className="flex flex-col gap-3">
      <h2 id="client-list" className="text-lg font-semibold text-gray-900">
        {t("list")}
      </h2>
      {items.length === 0 ? <p className="text-sm text-muted">{common("empty")}</p> : null}
      <ul className="flex flex-col divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
        {items.map((client) => (
          <li key={client.clientId} className="flex flex-col gap-2 p-3 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="min-w-0 break-words font-semibold text-gray-900">{client.name}</span>
              <span className="text-gray-700">
                {t(`kinds.${client.kind}`)}
                {client.native ? ` · ${t("native")}` : ""}
              </span>
              <span className={client.disabled ? "text-danger" : "text-gray-700"}>{client.disabled ? t("disabled") : t("enabled")}</span>
            </p>
            <dl className="grid gap-x-3 gap-y-1 text-gray-700 sm:grid-cols-[max-content_1fr]">
              <dt className="text-muted">{t("clientId")}</dt>
              <dd className="min-w-0 break-all font-mono">{client.clientId}</dd>
              <dt className="text-muted">{t("brand")}</dt>
              <dd className="min-w-0 break-all">{client.brand ?? t("noBrand")}</dd>
              <dt className="text-muted">{t("redirectUris")}</dt>
              <dd className="min-w-0 break-all font-mono">{client.redirectUris.join(" ")}</dd>
              <dt className="text-muted">{t("postLogoutUris")}</dt>
              <dd className="min-w-0 break-all font-mono">{client.postLogoutRedirectUris.join(" ") || t("none")}</dd>
              <dt className="text-muted">{t("backchannelLogoutUri")}</dt>
              <dd className="min-w-0 break-all font-mono">{client.backchannelLogoutUri ?? t("none")}</dd>
              <dt className="text-muted">{t("origins")}</dt>
              <dd className="min-w-0 break-all font-mono">{client.origins.join(" ") || t("originsFromRedirects")}</dd>
              <dt className="text-muted">{t("privacyUrl")}</dt>
              <dd className="min-w-0 break-all font-mono">{client.privacyUrl ?? t("none")}</dd>
              <dt className="text-muted">{t("termsUrl")}</dt>
              <dd className="min-w-0 break-all font-mono">{client.termsUrl ?? t("none")}</dd>
              <dt className="text-muted">{t("scopes")}</dt>
              <dd className="min-w-0 break-all font-mono">{["openid", ...client.scopes].join(" ")}</dd>
              <dt className="text-muted">{t("created")}</dt>
              <dd className="tabular-nums">{client.createdAt.slice(0, 10)}</dd>
            </dl>
            {rotated?.clientId === client.clientId ? <OneTimeSecret label={t("secretOnce")} secret={rotated.secret} /> : null}
            {rescoped?.clientId === client.clientId ? (
              <p role="status" className="text-gray-800">
                {t("scopesSaved", { name: client.name, scopes: ["openid", ...rescoped.scopes].join(" ") })}
              </p>
            ) : null}
            {client.disabled ? null : (
              <div className="flex flex-wrap gap-2">
                {client.kind === "client_secret_basic" ? (
                  <ReasonConfirm
                    trigger={
                      <Button type="button" variant="secondary" className="h-9 px-3" aria-label={`${t("rotate")}: ${client.name}`}>
                        {t("rotate")}
                      </Button>
                    }
                    title={t("rotateTitle", { name: client.name })}
                    consequence={t("rotateConsequence")}
                    confirmLabel={t("rotate")}
                    onConfirm={(reason) => onRotate(client.clientId, reason)}
                    onDone={(result) => setRotated(result.secret ? { clientId: result.clientId, secret: result.secret } : null)}
                  />
                ) : null}
                <ClientScopesEditor
                  name={client.name}
                  scopes={client.scopes}
                  onSave={(input) => onScopes(client.clientId, input)}
                  onSaved={(changed) => {
                    setRescoped(changed);
                    router.refresh();
                  }}
                />
                <ReasonConfirm
                  trigger={
                    <Button type="button" variant="secondary" className="h-9 px-3" aria-label={`${t("disable")}: ${client.name}`}>
                      {t("disable")}
                    </Button>
                  }
                  title={t("disableTitle", { name: client.name })}
                  consequence={t("disableConsequence")}
                  confirmLabel={t("disable")}
                  onConfirm={(reason) => onDisable(client.clientId, reason)}
                  onDone={() => router.refresh()}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
