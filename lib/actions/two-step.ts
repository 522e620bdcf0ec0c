"use server";

import QRCode from "qrcode";
import type { TwoStepStatus } from "@/lib/contract/two-step";
import { confirmTotpSetup, getTwoStepStatus, proveStepUpWithTotp, renewRecoveryCodes, startTotpSetup, turnOffTwoStep } from "@/lib/upstream/two-step";
import { totpCodeSchema } from "@/lib/validation/two-step";
import type { ActionResult } from "@/lib/session/action-result";
import { signedIn, type SignedInPage } from "@/lib/session/signed-in";
import { fieldErrors } from "@/lib/session/server";

/**
 * Two-step's mutations on account security. The QR code is drawn here, on the server, as an SVG
 * (the `qrcode` package; no outside service sees the secret, and the browser loads no QR code).
 * The secret and the recovery codes pass through once and are never stored by the portal.
 */
export type TotpSetupView = { secret: string; qr: string };

export async function twoStepStatusAction(page: SignedInPage): Promise<ActionResult<{ status: TwoStepStatus }>> {
  return signedIn(page, async (ctx) => ({ status: await getTwoStepStatus(ctx) }));
}

export async function startTotpSetupAction(page: SignedInPage): Promise<ActionResult<{ setup: TotpSetupView }>> {
  return signedIn(page, async (ctx) => {
    const { secret, uri } = await startTotpSetup(ctx);
    const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    return { setup: { secret, qr: `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}` } };
  });
}

export async function confirmTotpSetupAction(input: { code: string }, page: SignedInPage): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  const parsed = totpCodeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, async (ctx) => confirmTotpSetup(ctx, { code: parsed.data.code }));
}

/** Needs a recent step-up proof: a 20113 answer makes the screen ask for one (useStepUp) and try again. */
export async function turnOffTwoStepAction(page: SignedInPage): Promise<ActionResult<{ status: TwoStepStatus }>> {
  return signedIn(page, async (ctx) => ({ status: await turnOffTwoStep(ctx) }));
}

/** Needs a recent step-up proof, as turning off does. */
export async function renewRecoveryCodesAction(page: SignedInPage): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return signedIn(page, async (ctx) => renewRecoveryCodes(ctx));
}

/** An authenticator code as the step-up proof (the step-up dialog's "totp" way). */
export async function stepUpWithTotpAction(input: { code: string }, page: SignedInPage): Promise<ActionResult> {
  const parsed = totpCodeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, async (ctx) => {
    await proveStepUpWithTotp(ctx, { code: parsed.data.code });
    return {};
  });
}
