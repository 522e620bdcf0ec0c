"use server";

import type { ClientFormInput } from "@/components/console/client-register-form";
import * as ops from "@/lib/upstream/console-screens";
import { consoleResult } from "./result";

/**
 * The Apps screen's actions (admins only: the services refuse other roles with 403, audited).
 * The operator's input goes on as typed, strings only, for the services to check and audit.
 */
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const strs = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

export async function registerClientAction(lang: string, input: ClientFormInput) {
  return consoleResult(lang, (ctx) =>
    ops.registerClient(ctx, { name: str(input.name), kind: str(input.kind), native: input.native === true, thirdParty: input.thirdParty === true, brand: str(input.brand), redirectUris: str(input.redirectUris), postLogoutUris: str(input.postLogoutUris), backchannelLogoutUri: str(input.backchannelLogoutUri), origins: str(input.origins), privacyUrl: str(input.privacyUrl), termsUrl: str(input.termsUrl), jwks: str(input.jwks), scopes: strs(input.scopes), reason: str(input.reason) }),
  );
}

export async function rotateClientSecretAction(lang: string, clientId: string, reason: string) {
  return consoleResult(lang, (ctx) => ops.rotateClientSecret(ctx, str(clientId), str(reason)));
}

export async function disableClientAction(lang: string, clientId: string, reason: string) {
  return consoleResult(lang, (ctx) => ops.disableClient(ctx, str(clientId), str(reason)));
}

export async function setClientScopesAction(lang: string, clientId: string, input: { scopes: string[]; reason: string }) {
  return consoleResult(lang, (ctx) => ops.setClientScopes(ctx, str(clientId), { scopes: strs(input.scopes), reason: str(input.reason) }));
}
