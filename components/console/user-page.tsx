import type { ReactNode } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { UserDetail } from "@/lib/contract/console/users";
import type { Locale } from "@/lib/i18n/routing";
import { consoleTime } from "@/lib/console/format";
import { errorMessageKey } from "@/lib/contract/errors";
import type { ActivityPage } from "@/lib/contract/activity";
import { UserActions } from "./user-actions";
import { UserActivity } from "./user-activity";
import { DetailTable, plainRows } from "./detail-table";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={id} className="mb-3 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A user's page in the console: facts first, then the actions, then the histories. */
type Props = { lang: Locale; base: string; detail: UserDetail; activity: ActivityPage; activityHref: (page: number) => string; canAct: boolean; canDelete: boolean };

export async function UserPage({ lang, base, detail, activity, activityHref, canAct, canDelete }: Props) {
  const t = await getTranslations({ locale: lang, namespace: "console.user" });
  const tStatus = await getTranslations({ locale: lang, namespace: "console.status" });
  const tErrors = await getTranslations({ locale: lang, namespace: "errors" });
  const tLang = await getTranslations({ locale: lang, namespace: "common.languageNames" });
  const time = (iso: string | null) => consoleTime(iso, lang);
  // a refusal's meaning beside its code ("This account has been banned… (20105)"); an unknown code alone
  const failure = (code: number) => (errorMessageKey(code) === String(code) ? `${tErrors(errorMessageKey(code), { seconds: 60 })} (${code})` : String(code));
  const { user } = detail;
  const live = detail.sessions.filter((session) => !session.endedAt);
  const { passkeys, twoStep } = detail.waysIn;
  const facts: [string, ReactNode][] = [
    [t("email"), user.email],
    [t("id"), <code key="id">{user.id}</code>],
    [t("nickname"), user.nickname ?? "—"],
    [t("status"), <strong key="status">{tStatus(user.status)}</strong>],
    [t("enterprise"), user.enterprise ?? "—"],
    [t("created"), time(user.createdAt)],
    [t("lastSignIn"), time(user.lastSignInAt)],
    [t("password"), detail.waysIn.password ? t("yes") : t("no")],
    [t("social"), detail.waysIn.social.map((way) => way.channel).join(", ") || "—"],
    [t("passkeys"), passkeys.length > 0 ? <ul key="passkeys">{passkeys.map((key, index) => <li key={index}>{t("passkeyItem", { name: key.name, added: time(key.createdAt), used: key.lastUsedAt ? time(key.lastUsedAt) : t("neverUsed") })}</li>)}</ul> : "—"],
    [t("twoStep"), twoStep.enabled ? t("twoStepOn", { since: time(twoStep.since), count: twoStep.recoveryCodesLeft }) : t("off")],
    [t("deviceSecurity"), user.deviceSecurity ? t("on") : t("off")],
    [t("language"), user.language ? tLang(user.language) : t("languageNotSet")],
    ...(user.passwordResetRequired ? [[t("passwordResetRequired"), t("yes")] satisfies [string, ReactNode]] : []),
    ...detail.extensions.map((item): [string, ReactNode] => [item.key, item.value]),
  ];
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Link href={`/${lang}/${base}/users`} className="text-sm text-primary-strong underline">
          {t("back")}
        </Link>
      </p>
      <h1 className="break-all text-2xl font-semibold text-gray-900">{user.email}</h1>
      <Section id="facts" title={t("profile")}>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-gray-700">{label}</dt>
              <dd className="break-all text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="actions" title={t("actionsTitle")}>
        <UserActions
          lang={lang}
          userId={user.id}
          email={user.email}
          status={user.status}
          canAct={canAct}
          canDelete={canDelete}
          enterprise={user.enterprise !== null}
          social={detail.waysIn.social.map((way) => way.channel)}
          twoStepOn={twoStep.enabled}
          liveSessions={live.map((session) => ({ id: session.id, label: `${time(session.createdAt)} · ${session.ip ?? "—"} · ${session.userAgent ?? session.platform ?? ""}` }))}
          afterDelete={`/${lang}/${base}/users`}
        />
      </Section>
      <Section id="activity" title={t("activity")}>
        <UserActivity lang={lang} activity={activity} pageHref={activityHref} />
      </Section>
      <Section id="sessions" title={t("sessions")}>
        <DetailTable
          caption={t("sessions")}
          empty={t("none")}
          head={[t("columns.signedIn"), t("columns.lastSeen"), t("columns.ip"), t("columns.location"), t("columns.platform"), t("columns.app"), t("columns.state")]}
          rows={plainRows(detail.sessions.map((s) => [time(s.createdAt), time(s.lastSeenAt), s.ip ?? "—", s.location ?? "—", [s.platform, s.userAgent, s.way].filter(Boolean).join(" · ") || "—", s.appCode ?? "—", s.endedAt ? t("ended", { at: time(s.endedAt) }) : t("live")]))}
        />
      </Section>
      <Section id="failures" title={t("failures")}>
        <DetailTable caption={t("failures")} empty={t("none")} head={[t("columns.time"), t("columns.ip"), t("columns.method"), t("columns.reason")]} rows={plainRows(detail.failures.map((f) => [time(f.at), f.ip ?? "—", f.method, failure(f.reason)]))} />
      </Section>
      <Section id="devices" title={t("devices")}>
        <DetailTable caption={t("devices")} empty={t("none")} head={[t("columns.device"), t("columns.firstSeen"), t("columns.lastSeen")]} rows={plainRows(detail.devices.map((d) => [d.name || "—", time(d.firstSeen), time(d.lastSeen)]))} />
      </Section>
      <Section id="redemptions" title={t("redemptions")}>
        <DetailTable caption={t("redemptions")} empty={t("none")} head={[t("columns.benefit"), t("columns.time")]} rows={plainRows(detail.redemptions.map((r) => [r.benefit, time(r.redeemedAt)]))} />
      </Section>
      <Section id="training" title={t("training")}>
        <DetailTable
          caption={t("training")}
          empty={t("none")}
          head={[t("columns.item"), t("columns.time")]}
          rows={plainRows([...detail.training.certificates.map((c) => [t("certificate", { kind: c.kind }), time(c.at)]), ...detail.training.flags.map((flag) => [t("flag", { flag }), "—"])])}
        />
      </Section>
      <Section id="messages" title={t("messages")}>
        <DetailTable caption={t("messages")} empty={t("none")} head={[t("columns.title"), t("columns.app"), t("columns.time"), t("columns.read")]} rows={plainRows(detail.messages.map((m) => [m.title, `${m.appCode} · ${m.category}`, time(m.at), m.read ? t("yes") : t("no")]))} />
      </Section>
    </div>
  );
}
