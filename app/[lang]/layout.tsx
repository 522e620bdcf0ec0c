import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { isLocale, locales } from "@/lib/i18n/routing";
import { LangCookie } from "@/components/layout/lang-cookie";
import { AnalyticsLoader } from "@/components/analytics/analytics-loader";
import { HostBridgeMount } from "@/components/embed/host-bridge-mount";
import "../globals.css";

export const metadata: Metadata = {
  title: { template: "%s | Passport", default: "Passport" },
  applicationName: "Passport",
  other: { passportVersion: "1.11.19" },
};

export const viewport: Viewport = { themeColor: "#28BE44", width: "device-width", initialScale: 1 };

export function generateStaticParams() {
  return locales.map((lang) => ({ lang }));
}

export default async function RootLayout({ children, params }: LayoutProps<"/[lang]">) {
  const { lang } = await params;
  if (!isLocale(lang)) notFound();
  setRequestLocale(lang);
  return (
    <html lang={lang}>
      <body className="min-h-dvh bg-white font-sans antialiased">
        {children}
        <LangCookie lang={lang} />
        <AnalyticsLoader />
        <HostBridgeMount lang={lang} />
      </body>
    </html>
  );
}
