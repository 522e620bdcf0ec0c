import { interactionPolicy, type KoaContextWithOIDC } from "oidc-provider";
import { amrOf, portalSignIn } from "./account";

/**
 * Authentication context classes (`acr`, OpenID Connect Core §2; docs/oidc.md "How strong a
 * sign-in was"): three levels, each the one below and more, read from what the portal sign-in
 * proved (its `amr`):
 *
 * - `sfa`: any sign-in (one factor: a password, an emailed code, a social provider);
 * - `mfa`: two factors (`amr` has `mfa`: a password or code and the two-step code, or a passkey);
 * - `phr`: phishing-resistant (`amr` has `hwk`: a passkey, bound to the portal's origin).
 *
 * An app asks with `acr_values` (voluntary: Core §3.1.2.1). A sign-in below every level it asked
 * for is taken again (the portal's sign-in page with `reauth=1`, as for max_age), where the
 * account's own factors decide what is done; the ID token's `acr` then says the level actually
 * reached, which the app checks. Values the passport does not know are ignored. One exception:
 * when only `phr` would meet the request and the account has a passkey, the sign-in page asks for
 * the passkey and nothing less is taken (interaction.ts, passkeyOnly).
 */
export const ACR_VALUES = ["sfa", "mfa", "phr"] as const;
export type Acr = (typeof ACR_VALUES)[number];

export function acrOfAmr(amr: readonly string[]): Acr {
  if (amr.includes("hwk")) return "phr";
  if (amr.includes("mfa")) return "mfa";
  return "sfa";
}

const rank = (value: string): number => ACR_VALUES.findIndex((known) => known === value);

/** Whether a sign-in at `level` meets one of the requested `acr_values` (true when none is known). */
export function meetsAcrValues(level: Acr, acrValues: unknown): boolean {
  if (typeof acrValues !== "string") return true;
  const asked = acrValues.split(" ").map(rank).filter((index) => index >= 0);
  return asked.length === 0 || asked.some((index) => rank(level) >= index);
}

/** Whether only a phishing-resistant sign-in (a passkey) meets the requested `acr_values`. */
export function passkeyOnly(acrValues: unknown): boolean {
  return meetsAcrValues("phr", acrValues) && !meetsAcrValues("mfa", acrValues);
}

const { Check } = interactionPolicy;

/**
 * A login prompt's check: the provider's session is kept (single sign-on) only when the portal
 * sign-in behind it meets the app's acr_values. Not asked again once this interaction's login has
 * been made (the level then is what the account could do), nor under prompt=none (voluntary
 * values: the ID token's acr tells the app).
 */
async function acrNotMet(ctx: KoaContextWithOIDC): Promise<boolean> {
  const { oidc } = ctx;
  if (oidc.result?.login || oidc.prompts.has("none") || !oidc.session?.accountId) return Check.NO_NEED_TO_PROMPT;
  const signedIn = await portalSignIn(ctx.req.headers);
  // no portal sign-in: the portal_signed_out check asks
  if (!signedIn) return Check.NO_NEED_TO_PROMPT;
  return meetsAcrValues(acrOfAmr(amrOf(signedIn.session)), oidc.params?.acr_values) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
}

export const ACR_CHECK = "acr_values_not_met";
export const acrCheck = () => new Check(ACR_CHECK, "the sign-in is below the requested acr_values", "login_required", acrNotMet);
