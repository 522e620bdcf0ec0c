"use server";

import { ErrorCode } from "@/lib/contract/errors";
import { nonceField } from "@/lib/validation/fields";
import { connectCodeSchema, connectPasswordSchema, type ConnectCodeInput, type ConnectPasswordInput } from "@/lib/validation/social";
import type { ActionResult } from "@/lib/session/action-result";
import { afterSignInPath } from "@/lib/session/after-sign-in";
import { actionFailure, fieldErrors, resolvePage, storeToken, upstreamContext, type ActionPage, type PageRef } from "@/lib/session/server";
import { dropLinkTicket, readLinkTicket } from "@/lib/social/cookies";
import { confirmSocialLink, type SocialSession } from "@/lib/upstream/social";

/**
 * The connection screen's proof (POST /v1/oauth/link/confirm): the existing account's password,
 * or a code of purpose "social" mailed to the account (or to the email given when the provider
 * shared none). The ticket comes from this browser's HttpOnly cookie, never from the form.
 * Then the session, as after every sign-in, and the user's home, or the social sign-up success
 * screen when an account was made.
 */
type Confirm = { method: "password"; password: string } | { method: "code"; email: string; code: string; nonce: string };

async function finish(session: SocialSession, at: ActionPage, page: PageRef, channel: string | null): Promise<string> {
  await storeToken(session.utoken, true, { uid: session.uid, enterprise: false });
  await dropLinkTicket();
  if (!session.created) return afterSignInPath(at.lang, page.query);
  const query = new URLSearchParams(page.query);
  if (channel) query.set("c", channel);
  return `/${at.lang}/social/welcome?${query.toString()}`;
}

async function confirm(input: Confirm, page: PageRef, channel: string | null): Promise<ActionResult<{ redirect: string }>> {
  const at = await resolvePage(page);
  const ticket = await readLinkTicket();
  if (!ticket) return { ok: false, error: { code: ErrorCode.socialLinkExpired } };
  try {
    // the device a held sign-in's second step must come from (finishTwoStepAction ensures one too)
    const session = await confirmSocialLink(await upstreamContext(at.lang, at.launch, null, { ensureDevice: true }), { ticket, ...input });
    return { ok: true, redirect: await finish(session, at, page, channel) };
  } catch (error) {
    const failure = await actionFailure(error, at);
    // two-step holds the sign-in (20901): the ticket was spent, the second step finishes it
    if (failure.error.code === ErrorCode.twoStepRequired) await dropLinkTicket();
    return failure;
  }
}

function channelOf(value: unknown): string | null {
  return typeof value === "string" && /^[a-z0-9][a-z0-9_-]{0,31}$/.test(value) ? value : null;
}

export async function connectWithPasswordAction(input: ConnectPasswordInput & { channel?: string }, page: PageRef): Promise<ActionResult<{ redirect: string }>> {
  const parsed = connectPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return confirm({ method: "password", password: parsed.data.password }, page, channelOf(input.channel));
}

export async function connectWithCodeAction(input: ConnectCodeInput & { nonce: string; channel?: string }, page: PageRef): Promise<ActionResult<{ redirect: string }>> {
  const parsed = connectCodeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const nonce = nonceField(input.nonce);
  if (!nonce.ok) return { ok: false, error: { code: ErrorCode.incorrectCode, fields: { code: "codeRequestFirst" } } };
  return confirm({ method: "code", email: parsed.data.email, code: parsed.data.code, nonce: nonce.value }, page, channelOf(input.channel));
}
