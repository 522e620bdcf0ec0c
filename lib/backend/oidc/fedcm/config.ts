import type { IncomingMessage, ServerResponse } from "node:http";
import { IDP_SIGNED_IN_PATH } from "@/lib/contract/fedcm";
import { pageLang } from "../pages";
import { issuer } from "../settings";
import { sendJson } from "./http";
import { FEDCM_PATHS } from "./paths";

/**
 * The well-known file and the config file (FedCM "identity provider HTTP API"). The well-known
 * file names the one config URL brands use; the config names the endpoints (same origin, as the
 * spec requires) and the passport's branding in the language the browser asks for. Neither holds
 * anything about a user, so both are cacheable for a while.
 */
const BRAND = {
  en: { name: "Passport" },
  zh: { name: "通行证" },
} as const;

/**
 * The sign-in page the browser opens in a window (active mode, the user not signed in), with the
 * page that closes that window as `r`: every way in follows `r` to the portal's own origin, and
 * that page calls `IdentityProvider.close()` (app/[lang]/(auth)/signed-in). Both without a
 * language: the portal sends a path without one to the visitor's language (lib/i18n/path.ts), and
 * the well-known file, which must name the same URL, is one for every language.
 */
function loginUrl(): string {
  return `${issuer()}/login?${new URLSearchParams({ r: `${issuer()}/${IDP_SIGNED_IN_PATH}` })}`;
}

function accountsUrl(): string {
  return `${issuer()}${FEDCM_PATHS.accounts}`;
}

const CACHE = { "cache-control": "public, max-age=300", vary: "Accept-Language" };

export function configUrl(): string {
  return `${issuer()}${FEDCM_PATHS.config}`;
}

/**
 * Besides the config URL, the accounts endpoint and the login URL: Chromium (132 and later) then
 * takes any config whose two match these, and asks for them where the config has a client
 * metadata endpoint, as ours has.
 */
export function sendWellKnown(response: ServerResponse): void {
  sendJson(response, 200, { provider_urls: [configUrl()], accounts_endpoint: accountsUrl(), login_url: loginUrl() }, CACHE);
}

export function sendConfig(request: IncomingMessage, response: ServerResponse): void {
  const lang = pageLang(undefined, request.headers);
  const brand = BRAND[lang];
  sendJson(
    response,
    200,
    {
      accounts_endpoint: accountsUrl(),
      client_metadata_endpoint: FEDCM_PATHS.clientMetadata,
      id_assertion_endpoint: FEDCM_PATHS.assertion,
      disconnect_endpoint: FEDCM_PATHS.disconnect,
      login_url: loginUrl(),
      branding: {
        // the portal's primary colour (ARCHITECTURE "Styling") with its dark ink, as the portal's
        // own buttons have it (6.4:1; white on this green is 2.5:1, which Chromium warns about),
        // and its mark
        background_color: "#28BE44",
        color: "#05290F",
        icons: [{ url: `${issuer()}/brands/passport-icon-96.png`, size: 96 }],
        name: brand.name,
      },
    },
    CACHE,
  );
}
