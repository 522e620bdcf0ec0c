"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { CLIENT_KINDS, type ClientSecret, type OpsResult } from "@/lib/contract/admin-ops";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { OneTimeSecret } from "./one-time-secret";
import { TextAreaField } from "./text-area-field";
import { useOpsAction } from "./use-ops-action";

export type ClientFormInput = { name: string; kind: string; brand: string; redirectUris: string; postLogoutUris: string; jwks: string; reason: string };
const EMPTY: ClientFormInput = { name: "", kind: "public", brand: "", redirectUris: "", postLogoutUris: "", jwks: "", reason: "" };
const FIELDS = ["name", "kind", "brand", "redirectUris", "postLogoutUris", "jwks", "reason"] as const;

/**
 * Registers an app with the OpenID Provider. URIs one a line, matched exactly by the provider;
 * the JWKS only for private_key_jwt. A client_secret_basic app's secret is shown here once.
 */
export function ClientRegisterForm({ onRegister }: { onRegister: (input: ClientFormInput) => Promise<OpsResult<ClientSecret>> }) {
  const t = useTranslations("adminOps.apps");
  const common = useTranslations("adminOps.common");
  const [input, setInput] = useState<ClientFormInput>(EMPTY);
  const [created, setCreated] = useState<{ name: string; result: ClientSecret } | null>(null);
  const action = useOpsAction();
  const router = useRouter();
  const set = (field: keyof ClientFormInput) => (event: { target: { value: string } }) => setInput((old) => ({ ...old, [field]: event.target.value }));
  return (
    <section aria-labelledby="client-register" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="client-register" className="text-lg font-semibold text-gray-900">
        {t("registerTitle")}
      </h2>
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          const name = input.name.trim();
          action.run(
            () => onRegister({ ...input, jwks: input.kind === "private_key_jwt" ? input.jwks : "" }),
            (result) => {
              setCreated({ name, result });
              router.refresh();
              setInput(EMPTY);
            },
          );
        }}
      >
        <Field label={t("name")} name="name" value={input.name} onChange={set("name")} maxLength={100} autoComplete="off" error={action.errorFor("name")} required />
        <Field label={t("brand")} name="brand" hint={t("brandHint")} value={input.brand} onChange={set("brand")} maxLength={64} autoComplete="off" error={action.errorFor("brand")} />
        <fieldset className="flex min-w-0 flex-col gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-gray-800">{t("kind")}</legend>
          {CLIENT_KINDS.map((kind) => (
            <label key={kind} className="flex items-start gap-2 text-sm text-gray-800">
              <input type="radio" name="kind" value={kind} checked={input.kind === kind} onChange={set("kind")} className="mt-0.5 size-4 shrink-0 accent-primary-strong" />
              <span>
                <span className="font-medium">{t(`kinds.${kind}`)}</span> <span className="text-muted">{t(`kindHints.${kind}`)}</span>
              </span>
            </label>
          ))}
          {action.errorFor("kind") ? <p role="alert" className="text-xs text-danger">{action.errorFor("kind")}</p> : null}
        </fieldset>
        <TextAreaField label={t("redirectUris")} hint={t("urisHint")} name="redirectUris" value={input.redirectUris} onChange={set("redirectUris")} error={action.errorFor("redirectUris")} spellCheck={false} required />
        <TextAreaField label={t("postLogoutUris")} hint={t("urisHint")} name="postLogoutUris" value={input.postLogoutUris} onChange={set("postLogoutUris")} error={action.errorFor("postLogoutUris")} spellCheck={false} />
        {input.kind === "private_key_jwt" ? (
          <div className="sm:col-span-2">
            <TextAreaField label={t("jwks")} hint={t("jwksHint")} name="jwks" value={input.jwks} onChange={set("jwks")} error={action.errorFor("jwks")} spellCheck={false} required />
          </div>
        ) : null}
        <Field label={common("reason")} name="reason" hint={common("reasonHint")} value={input.reason} onChange={set("reason")} maxLength={500} error={action.errorFor("reason")} required className="sm:col-span-2" />
        {action.formError(FIELDS) ? <Alert tone="error" className="sm:col-span-2">{action.formError(FIELDS)}</Alert> : null}
        <div className="sm:col-span-2">
          <Button type="submit" pending={action.pending}>
            {t("register")}
          </Button>
        </div>
      </form>
      {created ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="font-semibold text-gray-900">{t("registered", { name: created.name })}</p>
          <p className="text-sm text-gray-800">
            {t("clientId")}: <code className="break-all font-mono">{created.result.clientId}</code>
          </p>
          {created.result.secret ? <OneTimeSecret label={t("secretOnce")} secret={created.result.secret} /> : null}
        </div>
      ) : null}
    </section>
  );
}
