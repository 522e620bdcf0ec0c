import { z } from "zod";

/**
 * The apps with access to the account (GET /v1/user/apps) and taking one app's access back
 * (DELETE /v1/user/apps/{clientId}): the OpenID Provider's grants, as the user reads them.
 */
export const appAccess = z.object({
  clientId: z.string(),
  /** the name an operator registered the app under */
  name: z.string(),
  /** the brand whose sign-in page the app uses, or null */
  brand: z.string().nullable(),
  /** a first-party app (the house's own) never asked for consent */
  firstParty: z.boolean(),
  /** what the app was granted: openid, profile, email, offline_access */
  scopes: z.array(z.string()),
  /** ISO instant of the first grant still held; null when unknown */
  since: z.string().nullable(),
  /** the app holds a refresh token: it can act while the user is away */
  offline: z.boolean(),
});
export type AppAccess = z.infer<typeof appAccess>;

export const appAccessResponse = z.object({ apps: z.array(appAccess) });
export type AppAccessList = z.infer<typeof appAccessResponse>;

/** An OpenID client id as the provider's clients are registered (lib/backend/oidc/clients.ts). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/;
