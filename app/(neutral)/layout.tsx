import type { Metadata, Viewport } from "next";
import { PASSPORT_VERSION } from "@/lib/contract/headers";
import { AnalyticsLoader } from "@/components/analytics/analytics-loader";
import "../globals.css";

export const metadata: Metadata = {
  title: { template: "%s | Passport", default: "Passport" },
  applicationName: "Passport",
  other: { passportVersion: PASSPORT_VERSION },
};

export const viewport: Viewport = { themeColor: "#28BE44", width: "device-width", initialScale: 1 };

/**
 * The root layout of the pages without a language segment (SPEC §2: /announcement, /learnMore).
 * Static, the same HTML for every visitor: each page holds both languages and shows the
 * visitor's in the browser (components/neutral/neutral-page.tsx).
 */
export default function NeutralLayout({ children }: LayoutProps<"/">) {
  return (
    <html lang="en">
      <body className="min-h-dvh bg-gray-50 font-sans antialiased">
        {children}
        <AnalyticsLoader />
      </body>
    </html>
  );
}
