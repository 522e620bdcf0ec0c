import "server-only";
import { exchangeListResponse, redeemResponse, type ExchangeList, type RedemptionItem } from "@/lib/contract/exchange";
import {
  completedResponse,
  prizeInfoResponse,
  snHistoryResponse,
  snPasswordResponse,
  startTrainingResponse,
  welderFinishResponse,
  welderProgressResponse,
  welderStartResponse,
  welderStateResponse,
  type PrizeInfo,
  type SnHistory,
  type WelderState,
} from "@/lib/contract/safety";
import type { LightSource, TrainingCourse } from "@/lib/contract/rules";
import { userCall, userFileCall, type UpstreamContext } from "./context";
import type { UpstreamFile } from "./fetcher";

/**
 * The user service (SPEC §7, USER_API_URL): server exchange and safety training, one function
 * per call. The welder calls (/v1/safety/welder/*) are this product's own (docs/exchange-and-training.md).
 */

/** One page of the user's redemptions (GET /v1/exchange/list). */
export function getExchangeList(ctx: UpstreamContext, input: { page: number; pageSize: number }): Promise<ExchangeList> {
  return userCall(ctx, { method: "GET", path: "/v1/exchange/list", query: input, schema: exchangeListResponse });
}

/** Redeems a code with a human-verification ticket (POST /v1/exchange/effect); any bad code is 20501. */
export function redeemExchangeCode(ctx: UpstreamContext, input: { code: string; ticket: string }): Promise<RedemptionItem> {
  return userCall(ctx, { method: "POST", path: "/v1/exchange/effect", body: input, schema: redeemResponse });
}

/** Devices and trainings of the user (GET /v1/safety/getPrizeInfo). */
export function getPrizeInfo(ctx: UpstreamContext): Promise<PrizeInfo> {
  return userCall(ctx, { method: "GET", path: "/v1/safety/getPrizeInfo", schema: prizeInfoResponse });
}

/** Starts a course: its certificate id (POST /v1/safety/start). */
export function startTraining(ctx: UpstreamContext, input: { course: TrainingCourse }) {
  return userCall(ctx, { method: "POST", path: "/v1/safety/start", body: input, schema: startTrainingResponse });
}

/** Completes the course of a certificate id, sent in the body and as a query parameter (PATCH /v1/safety/completed). */
export function completeTraining(ctx: UpstreamContext, input: { certId: string }) {
  return userCall(ctx, { method: "PATCH", path: "/v1/safety/completed", query: { certId: input.certId }, body: { certId: input.certId }, schema: completedResponse });
}

/** The certificate PDF (GET /v1/safety/getPrizePDF, utoken header), in the context's language. */
export function getPrizePdf(ctx: UpstreamContext, input: { certId: string }): Promise<UpstreamFile> {
  return userFileCall(ctx, { path: "/v1/safety/getPrizePDF", query: { certId: input.certId } });
}

export function getWelderState(ctx: UpstreamContext): Promise<WelderState> {
  return userCall(ctx, { method: "GET", path: "/v1/safety/welder", schema: welderStateResponse });
}

export function startWelderViewing(ctx: UpstreamContext) {
  return userCall(ctx, { method: "POST", path: "/v1/safety/welder/start", schema: welderStartResponse });
}

export function reportWelderProgress(ctx: UpstreamContext, input: { viewId: string; position: number }) {
  return userCall(ctx, { method: "POST", path: "/v1/safety/welder/progress", body: input, schema: welderProgressResponse });
}

export function finishWelderViewing(ctx: UpstreamContext, input: { viewId: string }) {
  return userCall(ctx, { method: "POST", path: "/v1/safety/welder/finish", body: input, schema: welderFinishResponse });
}

/** A welder's unlock password; 20503 until the video was watched in full, 20504/20505 for the SN. */
export function generateSnPassword(ctx: UpstreamContext, input: { sn: string; power: LightSource }) {
  return userCall(ctx, { method: "POST", path: "/v1/safety/welder/password", body: input, schema: snPasswordResponse });
}

/** The SN passwords issued to the user, newest first, and their budget of new devices (GET /v1/safety/welder/passwords). */
export function getSnPasswordHistory(ctx: UpstreamContext, input: { page: number; pageSize: number }): Promise<SnHistory> {
  return userCall(ctx, { method: "GET", path: "/v1/safety/welder/passwords", query: input, schema: snHistoryResponse });
}
