"use client";

import { useCallback, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { LaunchLink } from "@/components/layout/launch-link";
import { usePageRef } from "@/components/layout/use-page-ref";
import { Alert } from "@/components/ui/alert";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useHydrated } from "@/components/ui/use-hydrated";
import { PasswordLoginForm } from "./password-login-form";
import { CodeLoginForm } from "./lazy-code-login";
import { PasskeySignIn } from "./lazy-passkey-sign-in";
import { usePasskeyStepUp } from "./use-passkey-step-up";

type Props = {
  lang: string;
  registerHref: string | null;
  findPasswordHref: string | null;
  businessHref: string | null;
};

type Mode = "password" | "code";

/**
 * The login screen: a switch between password and emailed-code sign-in, then the other ways in.
 * When an app asked for a sign-in only a passkey meets (usePasskeyStepUp), the passkey alone,
 * with the reason: the provider would not take a password here.
 */
export function LoginForm({ lang, registerHref, findPasswordHref, businessHref }: Props) {
  const t = useTranslations("login");
  const [mode, setMode] = useState<Mode>("password");
  const hydrated = useHydrated();
  const page = usePageRef(lang);
  // "remember me" of the form on show: a passkey sign-in honours it like a password sign-in
  const remember = useRef(false);
  const onRemember = useCallback((value: boolean) => {
    remember.current = value;
  }, []);
  const remembered = useCallback(() => remember.current, []);
  const passkeyOnly = usePasskeyStepUp();
  return (
    <div className="flex flex-col gap-4">
      <h1 id="login-title" className="text-2xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      {passkeyOnly ? (
        <>
          <Alert tone="info">{t("passkeyStepUp")}</Alert>
          <PasskeySignIn page={page} remember={remembered} alone={<p className="text-sm text-danger">{t("passkeyStepUpUnusable")}</p>} />
        </>
      ) : (
        <>
          <Tabs value={mode} onValueChange={(value) => setMode(value === "code" ? "code" : "password")} className="flex flex-col gap-4">
            <TabsList aria-label={t("modes")}>
              <TabsTrigger value="password" disabled={!hydrated}>{t("passwordMode")}</TabsTrigger>
              <TabsTrigger value="code" disabled={!hydrated}>{t("codeMode")}</TabsTrigger>
            </TabsList>
            <TabsContent value="password">
              <PasswordLoginForm page={page} findPasswordHref={findPasswordHref} onRemember={onRemember} />
            </TabsContent>
            <TabsContent value="code">
              <CodeLoginForm page={page} onRemember={onRemember} />
            </TabsContent>
          </Tabs>
          <PasskeySignIn page={page} remember={remembered} />
          {registerHref ? (
            <p className="text-center text-sm text-muted">
              {t("noAccount")}{" "}
              <LaunchLink href={registerHref} keepR className="font-medium text-primary-strong hover:underline">
                {t("toRegister")}
              </LaunchLink>
            </p>
          ) : null}
          {businessHref ? (
            <p className="text-center text-sm">
              <LaunchLink href={businessHref} keepR className="font-medium text-primary-strong hover:underline">
                {t("business")}
              </LaunchLink>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
