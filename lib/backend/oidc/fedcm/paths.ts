import { OIDC_PREFIX } from "../settings";

/**
 * Where the passport answers as a FedCM identity provider (docs/fedcm.md): the well-known file at
 * the origin's root, as the spec requires, and the rest under the provider's own prefix, so
 * nothing of it can meet the portal's pages.
 */
export const WELL_KNOWN_PATH = "/.well-known/web-identity";
export const FEDCM_PREFIX = `${OIDC_PREFIX}/fedcm`;
export const FEDCM_PATHS = {
  config: `${FEDCM_PREFIX}/config.json`,
  accounts: `${FEDCM_PREFIX}/accounts`,
  clientMetadata: `${FEDCM_PREFIX}/client_metadata`,
  assertion: `${FEDCM_PREFIX}/assertion`,
  disconnect: `${FEDCM_PREFIX}/disconnect`,
} as const;

/** Whether a path is one of FedCM's (the well-known file, or under the FedCM prefix). */
export function isFedcmPath(pathname: string): boolean {
  return pathname === WELL_KNOWN_PATH || pathname.startsWith(`${FEDCM_PREFIX}/`);
}
