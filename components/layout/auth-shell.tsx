import type { ReactNode } from "react";
import { brandLogo, brandTitle } from "@/lib/launch/brands";
import type { LaunchContext } from "@/lib/launch/context";
import type { Locale } from "@/lib/i18n/routing";
import { LanguageSelect } from "./language-select";
import { Copyright } from "./copyright";
import { FlashNotice } from "./flash-notice";
import { EmbedSignIn } from "@/components/embed/embed-sign-in";

/**
 * The login layout of SPEC §2: a background image on the left (about 42.7 % wide, medium
 * screens and up) and the form on the right.
 */
export function AuthShell({ launch, lang, children }: { launch: LaunchContext; lang: Locale; children: ReactNode }) {
  const background = launch.img ?? "/images/login-background.svg";
  return (
    <div className="flex min-h-dvh">
      <div className="relative hidden bg-[#0d1f14] md:block md:w-[42.7%]" aria-hidden>
        {/* eslint-disable-next-line @next/next/no-img-element -- the host may pass any image URL (img) */}
        <img src={background} alt="" className="absolute inset-0 h-full w-full object-cover" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between px-6 py-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- small static SVG logo */}
          <img src={brandLogo(launch.p, launch.s)} alt={brandTitle(launch.p, lang)} className="h-9 w-auto" />
          <LanguageSelect />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-6 py-8 md:items-center">
          <div className="w-full max-w-sm">
            <FlashNotice />
            {children}
            <EmbedSignIn lang={lang} />
          </div>
        </main>
        <Copyright nativeApp={launch.av !== ""} />
      </div>
    </div>
  );
}
