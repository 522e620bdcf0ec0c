/**
 * The portal page a sign-in ends on in the window the browser opens for FedCM (the config's
 * `login_url` sends it there as `r`; docs/fedcm.md): below the language, `/{lang}/signed-in`.
 * Shared by the identity provider's config (lib/backend/oidc/fedcm/config.ts) and the portal's
 * route table (lib/session/routes.ts).
 */
export const IDP_SIGNED_IN_PATH = "signed-in";
