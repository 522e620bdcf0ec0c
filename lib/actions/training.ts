"use server";

import { ErrorCode } from "@/lib/contract/errors";
import { completeTraining, finishWelderViewing, generateSnPassword, reportWelderProgress, startTraining, startWelderViewing } from "@/lib/upstream/user";
import { activateXcs, type XcsOutcome } from "@/lib/upstream/xcs";
import { canonicalDeviceSn, certIdField, positionField, snPasswordFormSchema, trainingCourseField, viewIdField, type LightSource } from "@/lib/validation/training";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors } from "@/lib/session/server";
import { signedIn, type SignedInPage } from "@/lib/session/signed-in";

/** The safety-training page's mutations: courses and certificates, the welder viewing, SN passwords. */
const invalid = { ok: false as const, error: { code: ErrorCode.invalidParams } };

export async function startTrainingAction(input: { course: string }, page: SignedInPage): Promise<ActionResult<{ certId: string }>> {
  const course = trainingCourseField.safeParse(input.course);
  if (!course.success) return invalid;
  return signedIn(page, async (ctx) => ({ certId: (await startTraining(ctx, { course: course.data })).certId }));
}

/** Completes the course of a certificate id, then tells XCS (when configured). */
export async function completeTrainingAction(input: { certId: string }, page: SignedInPage): Promise<ActionResult<{ certId: string; completedAt: string; xcs: XcsOutcome }>> {
  const certId = certIdField.safeParse(input.certId);
  if (!certId.success) return invalid;
  return signedIn(page, async (ctx, _at, token) => {
    const done = await completeTraining(ctx, { certId: certId.data });
    return { certId: done.certId, completedAt: done.completedAt, xcs: await activateXcs(token) };
  });
}

export async function startViewingAction(page: SignedInPage): Promise<ActionResult<{ viewId: string; durationSeconds: number }>> {
  return signedIn(page, (ctx) => startWelderViewing(ctx));
}

export async function reportProgressAction(input: { viewId: string; position: number }, page: SignedInPage): Promise<ActionResult<{ position: number }>> {
  const viewId = viewIdField.safeParse(input.viewId);
  const position = positionField.safeParse(input.position);
  if (!viewId.success || !position.success) return invalid;
  return signedIn(page, (ctx) => reportWelderProgress(ctx, { viewId: viewId.data, position: position.data }));
}

export async function finishViewingAction(input: { viewId: string }, page: SignedInPage): Promise<ActionResult<{ completedAt: string }>> {
  const viewId = viewIdField.safeParse(input.viewId);
  if (!viewId.success) return invalid;
  return signedIn(page, async (ctx) => ({ completedAt: (await finishWelderViewing(ctx, { viewId: viewId.data })).completedAt }));
}

export async function snPasswordAction(input: { sn: string; power: string }, page: SignedInPage): Promise<ActionResult<{ sn: string; power: LightSource; password: string }>> {
  const parsed = snPasswordFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, (ctx) => generateSnPassword(ctx, { sn: canonicalDeviceSn(parsed.data.sn), power: parsed.data.power }));
}
