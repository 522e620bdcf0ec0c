import type { Metadata } from "next";
import { Suspense } from "react";
import { setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf } from "@/lib/i18n/routing";
import { SettingsPlaceholder, SettingsView } from "@/components/profile/settings-view";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile/settings">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "settings", "profile/settings", false);
}

/**
 * The user centre: the signed-in user's profile (fullinfo) with every field editable. A static
 * shell per language, behind the proxy's guard like every signed-in page; the user's data is
 * read by the browser (components/profile/settings-view.tsx, GET /api/profile), so a view costs
 * the server one upstream call and no page render (docs/decisions.md, decision 18).
 */
export default async function SettingsPage({ params }: PageProps<"/[lang]/profile/settings">) {
  const { lang: raw } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  return (
    <Suspense fallback={<SettingsPlaceholder />}>
      <SettingsView lang={lang} />
    </Suspense>
  );
}
