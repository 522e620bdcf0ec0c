import type { Metadata } from "next";
import { Suspense } from "react";
import { setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf } from "@/lib/i18n/routing";
import { BusinessPlaceholder, BusinessSettingsView } from "@/components/account/business-settings-view";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile-business/profile-settings">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "businessSettings", "profile-business/profile-settings", false);
}

/**
 * The enterprise user's account: ID, enterprise name, email, user ID, and the default-password
 * warning. A static shell per language behind the guard, like the personal settings page; the
 * browser reads the account from GET /api/profile/business (docs/decisions.md, decision 18).
 */
export default async function BusinessSettingsPage({ params }: PageProps<"/[lang]/profile-business/profile-settings">) {
  const { lang: raw } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  return (
    <Suspense fallback={<BusinessPlaceholder />}>
      <BusinessSettingsView lang={lang} />
    </Suspense>
  );
}
