"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { CLIENT_SCOPES, CONSOLE_ERROR_KEYS, type ClientSecret, type ConsoleErrorKey } from "@/lib/contract/console/screens";
import { formResolver } from "@/lib/validation/form-resolver";
import { CLIENT_FORM_KINDS, registerClientSchema, type RegisterClientInput } from "@/lib/validation/console";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { OneTimeSecret } from "./one-time-secret";
import { TextAreaField } from "./text-area-field";
import { useConsoleAction } from "./use-console-action";
import type { ActionResult } from "@/lib/session/action-result";

export type ClientFormInput = RegisterClientInput;
const EMPTY: ClientFormInput = { name: "", kind: "public", native: false, thirdParty: false, brand: "", redirectUris: "", postLogoutUris: "", backchannelLogoutUri: "", origins: "", privacyUrl: "", termsUrl: "", jwks: "", scopes: [...CLIENT_SCOPES], reason: "" };
const FIELDS = ["name", "kind", "native", "thirdParty", "brand", "redirectUris", "postLogoutUris", "backchannelLogoutUri", "origins", "privacyUrl", "termsUrl", "jwks", "scopes", "reason"] as const;
const opsKey = (message: string | undefined): ConsoleErrorKey | null => CONSOLE_ERROR_KEYS.find((key) => key === message) ?? null;

/**
 * Registers an app with the OpenID Provider. URIs one a line, matched exactly by the provider;
 * the JWKS only for private_key_jwt. A client_secret_basic app's secret is shown here once.
 * What the app may ask for besides openid is ticked (all, unless the admin unticks some).
 * The form checks what it can; the services check each URI, the brand and the JWKS, and their
 * refusal shows on the field it concerns.
 */
export function ClientRegisterForm({ onRegister }: { onRegister: (input: ClientFormInput) => Promise<ActionResult<{ data: ClientSecret }>> }) {
  const t = useTranslations("console.apps");
  const common = useTranslations("console.common");
  const te = useTranslations("console.errors");
  const [created, setCreated] = useState<{ name: string; result: ClientSecret } | null>(null);
  const action = useConsoleAction();
  const router = useRouter();
  const { register, handleSubmit, formState, reset, control } = useForm<ClientFormInput>({ resolver: formResolver(registerClientSchema), defaultValues: EMPTY });
  const kind = useWatch({ control, name: "kind" });
  const errorOf = (field: (typeof FIELDS)[number]) => {
    const key = opsKey(formState.errors[field]?.message);
    return key ? te(key) : action.errorFor(field);
  };
  const submit = handleSubmit((values) => {
    const name = values.name.trim();
    action.run(
      () => onRegister({ ...values, native: values.kind === "public" && values.native, jwks: values.kind === "private_key_jwt" ? values.jwks : "" }),
      (result) => {
        setCreated({ name, result });
        router.refresh();
        reset(EMPTY);
      },
    );
  });
  return (
    <section aria-labelledby="client-register" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="client-register" className="text-lg font-semibold text-gray-900">
        {t("registerTitle")}
      </h2>
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
        <Field label={t("name")} maxLength={100} autoComplete="off" error={errorOf("name")} required {...register("name")} />
        <Field label={t("brand")} hint={t("brandHint")} maxLength={64} autoComplete="off" error={errorOf("brand")} {...register("brand")} />
        <fieldset className="flex min-w-0 flex-col gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-gray-800">{t("kind")}</legend>
          {CLIENT_FORM_KINDS.map((kind) => (
            <label key={kind} className="flex items-start gap-2 text-sm text-gray-800">
              <input type="radio" value={kind} className="mt-0.5 size-4 shrink-0 accent-primary-strong" {...register("kind")} />
              <span>
                <span className="font-medium">{t(`kinds.${kind}`)}</span> <span className="text-muted">{t(`kindHints.${kind}`)}</span>
              </span>
            </label>
          ))}
          {errorOf("kind") ? <p role="alert" className="text-xs text-danger">{errorOf("kind")}</p> : null}
        </fieldset>
        {kind === "public" ? <Checkbox className="sm:col-span-2" label={<>{t("native")} <span className="text-muted">{t("nativeHint")}</span></>} {...register("native")} /> : null}
        <Checkbox className="sm:col-span-2" label={<>{t("thirdParty")} <span className="text-muted">{t("thirdPartyHint")}</span></>} {...register("thirdParty")} />
        <TextAreaField label={t("redirectUris")} hint={t("urisHint")} error={errorOf("redirectUris")} spellCheck={false} required {...register("redirectUris")} />
        <TextAreaField label={t("postLogoutUris")} hint={t("urisHint")} error={errorOf("postLogoutUris")} spellCheck={false} {...register("postLogoutUris")} />
        {kind === "public" ? null : (
          <Field label={t("backchannelLogoutUri")} hint={t("backchannelLogoutUriHint")} type="url" autoComplete="off" spellCheck={false} error={errorOf("backchannelLogoutUri")} className="sm:col-span-2" {...register("backchannelLogoutUri")} />
        )}
        <TextAreaField label={t("origins")} hint={t("originsHint")} error={errorOf("origins")} spellCheck={false} {...register("origins")} />
        <div className="flex flex-col gap-4">
          <Field label={t("privacyUrl")} type="url" autoComplete="off" spellCheck={false} error={errorOf("privacyUrl")} {...register("privacyUrl")} />
          <Field label={t("termsUrl")} type="url" autoComplete="off" spellCheck={false} error={errorOf("termsUrl")} {...register("termsUrl")} />
        </div>
        <fieldset aria-describedby="client-scopes-hint" className="flex min-w-0 flex-col gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-gray-800">{t("scopes")}</legend>
          <p id="client-scopes-hint" className="text-xs text-muted">
            {t("scopesHint")}
          </p>
          <Checkbox label={t("scopeNames.openid")} checked disabled readOnly />
          {CLIENT_SCOPES.map((scope) => (
            <Checkbox key={scope} label={t(`scopeNames.${scope}`)} value={scope} {...register("scopes")} />
          ))}
          {errorOf("scopes") ? <p role="alert" className="text-xs text-danger">{errorOf("scopes")}</p> : null}
        </fieldset>
        {kind === "private_key_jwt" ? (
          <div className="sm:col-span-2">
            <TextAreaField label={t("jwks")} hint={t("jwksHint")} error={errorOf("jwks")} spellCheck={false} required {...register("jwks")} />
          </div>
        ) : null}
        <Field label={common("reason")} hint={common("reasonHint")} maxLength={500} error={errorOf("reason")} required className="sm:col-span-2" {...register("reason")} />
        {action.formError(FIELDS) ? <Alert tone="error" className="sm:col-span-2">{action.formError(FIELDS)}</Alert> : null}
        <div className="sm:col-span-2">
          <Button type="submit" pending={action.pending}>
            {t("register")}
          </Button>
        </div>
      </form>
      {created ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="font-semibold text-gray-900">
            {t("registered", { name: created.name })}
          </p>
          <p className="text-sm text-gray-800">
            {t("clientId")}: <code className="break-all font-mono">{created.result.clientId}</code>
          </p>
          {created.result.secret ? <OneTimeSecret label={t("secretOnce")} secret={created.result.secret} /> : null}
        </div>
      ) : null}
    </section>
  );
}
