import { getRequestConfig } from "next-intl/server";
import { hasLocale } from "next-intl";
import { routing } from "./routing";

/**
 * The server's time zone, as next-intl would take it, but read once: next-intl otherwise makes
 * an Intl.DateTimeFormat on every request to ask (a few per cent of a signed-in page's time).
 */
const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    timeZone: SERVER_TIME_ZONE,
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
