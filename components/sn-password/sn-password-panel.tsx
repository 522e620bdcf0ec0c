"use client";

import { useEffect, useState } from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { fetchApi } from "@/lib/session/api-answer";
import { LAUNCH_PARAMS } from "@/lib/launch/keys";
import { SN_PASSWORD_PATH, TRAINING_PATH } from "@/lib/session/routes";
import { Alert } from "@/components/ui/alert";
import { SnPasswordForm } from "@/components/training/sn-password-form";

type Status = { signedIn: boolean; welderCompleted: boolean };

/** The launch parameters of this address, read in the browser so that the page stays static. */
function launchQueryOfLocation(): string {
  const given = new URLSearchParams(window.location.search);
  const kept = new URLSearchParams();
  for (const key of LAUNCH_PARAMS) {
    const value = given.get(key);
    if (value !== null) kept.set(key, value);
  }
  return kept.toString();
}

/**
 * What the public SN-password page shows this visitor: a way to log in (coming back here), a
 * way to the training, or — signed in with the welder video watched — the password form.
 */
export function SnPasswordPanel({ lang }: { lang: string }) {
  const t = useTranslations("snPassword");
  const [query, setQuery] = useState<string | null>(null);
  useEffect(() => {
    void Promise.resolve().then(() => setQuery(launchQueryOfLocation()));
  }, []);
  const { data, error } = useSWR(query === null ? null : `/api/training/status?${new URLSearchParams([...new URLSearchParams(query), ["lang", lang]])}`, async (url: string) => {
    const answer = await fetchApi<Status>(url, { cache: "no-store" });
    if (!answer.ok) throw new Error(String(answer.error.code));
    return answer.data;
  }, { revalidateOnFocus: true, shouldRetryOnError: false });

  const box = "flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5";
  if (error) return <Alert tone="error">{t("unavailable")}</Alert>;
  if (!data || query === null) {
    return (
      <p role="status" className="text-sm text-muted">
        {t("checking")}
      </p>
    );
  }
  const suffix = query ? `?${query}` : "";
  if (!data.signedIn) {
    const back = new URL(`/${lang}/${SN_PASSWORD_PATH}${suffix}`, window.location.origin).href;
    const login = new URLSearchParams(query);
    login.set("r", back);
    return (
      <section className={box}>
        <p className="text-sm text-gray-800">{t("signedOut")}</p>
        <a href={`/${lang}/login?${login}`} className="inline-flex h-11 items-center self-start rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-hover">
          {t("logIn")}
        </a>
      </section>
    );
  }
  if (!data.welderCompleted) {
    return (
      <section className={box}>
        <p className="text-sm text-gray-800">{t("notTrained")}</p>
        <a href={`/${lang}/${TRAINING_PATH}${suffix}`} className="inline-flex h-11 items-center self-start rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-hover">
          {t("toTraining")}
        </a>
      </section>
    );
  }
  return (
    <section className={box}>
      <SnPasswordForm page={{ lang, query }} />
    </section>
  );
}
