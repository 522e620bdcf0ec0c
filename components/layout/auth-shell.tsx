import type { ReactNode } from "react";
import type { PageVariant } from "@/lib/launch/variant";
import type { Locale } from "@/lib/i18n/routing";
import { portalConfig } from "@/lib/config";
import { BrandLogo } from "./brand-logo";
import { LanguageSelect } from "./language-select";
import { Copyright } from "./copyright";
import { FlashNotice } from "./flash-notice";
import { LaunchImage } from "./launch-image";
import { EmbedSignIn } from "@/components/embed/embed-sign-in";

/**
 * The login layout of SPEC §2: a background image on the left (about 42.7 % wide, medium
 * screens and up) and the form on the right. Rendered once per language and page variant; the
 * host's own image (`img`) is picked on the client.
 */
export function AuthShell({ variant, lang, children }: { variant: PageVariant; lang: Locale; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh">
      <div className="relative hidden bg-[#0d1f14] md:block md:w-[42.7%]" aria-hidden>
        <LaunchImage fallback="/images/login-background.svg" imageHosts={portalConfig().imageHosts} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between px-6 py-4">
          {/* a brand's own logo is the largest paint of a phone-sized sign-in page: fetched first */}
          <BrandLogo brand={variant.p} system={variant.logoSystem} lang={lang} height="h-9" priority />
          <LanguageSelect />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-6 py-8 md:items-center">
          <div className="w-full max-w-sm">
            <FlashNotice />
            {children}
            <EmbedSignIn lang={lang} />
          </div>
        </main>
        <Copyright nativeApp={variant.nativeApp} />
      </div>
    </div>
  );
}
