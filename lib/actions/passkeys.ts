"use server";

import { ErrorCode } from "@/lib/contract/errors";
import {
  authenticationResponseJson,
  passkeyNameField,
  registrationResponseJson,
  type AuthenticationOptions,
  type PasskeyItem,
  type PasskeyList,
  type RegistrationOptions,
} from "@/lib/contract/passkeys";
import {
  listPasskeys,
  passkeyProofOptions,
  passkeyRegistrationOptions,
  proveWithPasskey,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from "@/lib/upstream/passkeys";
import type { ActionResult } from "@/lib/session/action-result";
import { signedIn, type SignedInPage } from "@/lib/session/signed-in";

/**
 * A signed-in user's passkeys, and a passkey as a step-up proof. The browser's answers are
 * parsed again here with the contract's schemas; the services verify them. Adding and removing
 * need a recent proof: the services answer 20113 and the section's useStepUp asks for one.
 */
const attemptPattern = /^[A-Za-z0-9_-]{32,128}$/;
const invalid = { ok: false, error: { code: ErrorCode.invalidParams } } as const;
const nameError = (message: string | undefined) => ({ ok: false, error: { code: ErrorCode.invalidParams, fields: { name: message ?? "passkeyNameRequired" } } }) as const;

export async function passkeyListAction(page: SignedInPage): Promise<ActionResult<PasskeyList>> {
  return signedIn(page, (ctx) => listPasskeys(ctx));
}

export async function passkeyRegistrationOptionsAction(page: SignedInPage): Promise<ActionResult<RegistrationOptions>> {
  return signedIn(page, (ctx) => passkeyRegistrationOptions(ctx));
}

export async function registerPasskeyAction(input: { attempt: string; name: string; response: unknown }, page: SignedInPage): Promise<ActionResult<{ passkey: PasskeyItem }>> {
  const name = passkeyNameField.safeParse(input.name);
  if (!name.success) return nameError(name.error.issues[0]?.message);
  const response = registrationResponseJson.safeParse(input.response);
  if (!response.success || typeof input.attempt !== "string" || !attemptPattern.test(input.attempt)) return { ok: false, error: { code: ErrorCode.passkeyMalformed } };
  return signedIn(page, async (ctx) => ({ passkey: await registerPasskey(ctx, { attempt: input.attempt, name: name.data, response: response.data }) }));
}

export async function renamePasskeyAction(input: { id: string; name: string }, page: SignedInPage): Promise<ActionResult<{ passkey: PasskeyItem }>> {
  const name = passkeyNameField.safeParse(input.name);
  if (!name.success) return nameError(name.error.issues[0]?.message);
  if (typeof input.id !== "string" || input.id.length > 64) return invalid;
  return signedIn(page, async (ctx) => ({ passkey: await renamePasskey(ctx, { id: input.id, name: name.data }) }));
}

export async function removePasskeyAction(input: { id: string }, page: SignedInPage): Promise<ActionResult> {
  if (typeof input.id !== "string" || input.id.length > 64) return invalid;
  return signedIn(page, async (ctx) => {
    await removePasskey(ctx, { id: input.id });
    return {};
  });
}

export async function passkeyProofOptionsAction(page: SignedInPage): Promise<ActionResult<AuthenticationOptions>> {
  return signedIn(page, (ctx) => passkeyProofOptions(ctx));
}

/** A step-up proof with one of the account's passkeys; another's or a forged answer is 20701. */
export async function proveWithPasskeyAction(input: { attempt: string; response: unknown }, page: SignedInPage): Promise<ActionResult> {
  const response = authenticationResponseJson.safeParse(input.response);
  if (!response.success || typeof input.attempt !== "string" || !attemptPattern.test(input.attempt)) return { ok: false, error: { code: ErrorCode.passkeyMalformed } };
  return signedIn(page, async (ctx) => {
    await proveWithPasskey(ctx, { attempt: input.attempt, response: response.data });
    return {};
  });
}
