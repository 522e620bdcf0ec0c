import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import type { VerificationSetup } from "@/lib/validation/verification";

export const messages = { en, zh } as const;

/** Renders a client component the way the page does: inside the page language's messages. */
export function renderIn(locale: "en" | "zh", ui: ReactElement) {
  return render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]}>
      {ui}
    </NextIntlClientProvider>,
  );
}

export const altchaSetup: VerificationSetup = { ok: true, config: { provider: "altcha", siteKey: null, scene: null } };
