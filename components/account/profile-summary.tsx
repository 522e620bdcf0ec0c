import { getTranslations } from "next-intl/server";
import type { UserFullInfo } from "@/lib/contract/passport";
import type { Locale } from "@/lib/i18n/routing";

/** The signed-in user's personal information, as fullinfo returns it. */
export async function ProfileSummary({ user, lang }: { user: UserFullInfo; lang: Locale }) {
  const t = await getTranslations({ locale: lang, namespace: "settings" });
  const notSet = <span className="text-muted">{t("notSet")}</span>;
  const rows: Array<{ label: string; value: React.ReactNode }> = [
    { label: t("email"), value: user.email },
    { label: t("uid"), value: <code className="text-xs">{user.uid}</code> },
    { label: t("nickname"), value: user.nickname || notSet },
    { label: t("introduction"), value: user.introduction || notSet },
    { label: t("gender"), value: user.gender ? t(`genderValue.${user.gender}`) : notSet },
    { label: t("birthday"), value: user.birthday ?? notSet },
    { label: t("countryRegion"), value: user.country !== null ? [user.country, user.region].filter((v) => v !== null).join("/") : notSet },
    { label: t("memberSince"), value: user.createdAt.slice(0, 10) },
  ];
  return (
    <section aria-labelledby="settings-title" className="rounded-xl border border-gray-200 bg-white p-6">
      <div className="flex items-center gap-4">
        {user.headpic ? (
          // eslint-disable-next-line @next/next/no-img-element -- avatars come from the user service's storage
          <img src={user.headpic} alt="" className="size-16 rounded-full object-cover" />
        ) : (
          <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-green-100 text-2xl font-semibold text-primary-strong">
            {(user.nickname || user.email).slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 id="settings-title" className="text-xl font-semibold text-gray-900">
            {t("title")}
          </h1>
          <p className="text-sm text-muted">{user.nickname || user.email}</p>
        </div>
      </div>
      <dl className="mt-6 divide-y divide-gray-100">
        {rows.map((row) => (
          <div key={row.label} className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-3">
            <dt className="text-sm text-muted">{row.label}</dt>
            <dd className="text-sm text-gray-900 sm:col-span-2">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
