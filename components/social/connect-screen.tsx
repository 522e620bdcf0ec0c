"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { SocialLink } from "@/lib/contract/social";
import { fetchApi } from "@/lib/session/api-answer";
import type { VerificationSetup } from "@/lib/validation/verification";
import { Alert } from "@/components/ui/alert";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useErrorText } from "@/components/auth/use-error-text";
import type { SignInHold } from "@/components/auth/device-hold";
import { HoldStep } from "@/components/auth/lazy";
import { browser } from "@/lib/bridge/browser";
import { ConnectCodeForm } from "./connect-code-form";
import { ConnectPasswordForm } from "./connect-password-form";
import { useProviderName } from "./provider-name";
import { usePageQuery } from "./use-page-query";

type Loaded = { link: SocialLink; verification: VerificationSetup };
type State = { status: "loading" } | { status: "failed"; code: number } | { status: "ready"; data: Loaded };

/**
 * The account-connection screen (SPEC §2): a social sign-in whose provider email belongs to an
 * existing account connects only after the account's password or an emailed code; a provider
 * that shared no verified email asks for one and verifies it. What the ticket is for comes
 * from /api/social/link (the ticket itself stays in an HttpOnly cookie). An account with
 * two-step on then asks for its second step; the provider is connected only once it passed.
 */
export function ConnectScreen({ lang }: { lang: string }) {
  const t = useTranslations("social.connect");
  const text = useErrorText();
  const providerName = useProviderName();
  const current = usePageQuery();
  const [state, setState] = useState<State>({ status: "loading" });
  const [hold, setHold] = useState<SignInHold | null>(null);

  useEffect(() => {
    if (!current) return;
    const params = new URLSearchParams(current.query);
    params.delete("r");
    params.set("lang", lang);
    let live = true;
    void fetchApi<Loaded>(`/api/social/link?${params.toString()}`).then((answer) => {
      if (live) setState(answer.ok ? { status: "ready", data: answer.data } : { status: "failed", code: answer.error.code });
    });
    return () => {
      live = false;
    };
  }, [current, lang]);

  const page = { lang, query: current?.query ?? "" };
  const loginHref = `/${lang}/login${current?.query ? `?${current.query}` : ""}`;

  // two-step sign-in is on for the account: its second step before the session (and the connection)
  if (hold) return <HoldStep hold={hold} page={page} onBack={() => browser.assign(loginHref)} />;
  if (state.status === "loading") {
    return (
      <p role="status" className="text-sm text-muted">
        {t("loading")}
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
        <Alert tone="error">{text.action({ code: state.code })}</Alert>
        <Link href={loginHref} className="font-medium text-primary-strong hover:underline">
          {t("toLogin")}
        </Link>
      </div>
    );
  }
  const { link, verification } = state.data;
  const provider = providerName(link.channel);
  if (link.kind === "email") {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">{t("emailTitle")}</h1>
        <p className="text-sm text-gray-800">{t("emailIntro", { provider })}</p>
        <ConnectCodeForm page={page} channel={link.channel} verification={verification} email={null} onHold={setHold} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
      <p className="text-sm text-gray-800">{t("intro", { provider, email: link.email ?? "", name: link.name ?? provider })}</p>
      <Tabs defaultValue="password" className="flex flex-col gap-4">
        <TabsList aria-label={t("ways")}>
          <TabsTrigger value="password">{t("withPassword")}</TabsTrigger>
          <TabsTrigger value="code">{t("withCode")}</TabsTrigger>
        </TabsList>
        <TabsContent value="password">
          <ConnectPasswordForm page={page} channel={link.channel} onHold={setHold} />
        </TabsContent>
        <TabsContent value="code">
          <ConnectCodeForm page={page} channel={link.channel} verification={verification} email={link.email} onHold={setHold} />
        </TabsContent>
      </Tabs>
      <Link href={loginHref} className="text-center text-sm font-medium text-primary-strong hover:underline">
        {t("cancel")}
      </Link>
    </div>
  );
}
