import { z } from "zod";
import { ANALYTICS_EVENTS, BATCH_MAX_EVENTS, PROPERTIES_MAX, TRUNCATE } from "./analytics-rules";

/**
 * POST /v1/analytics/events: the reference collector of the analytics client (ANALYTICS_URL's
 * default). The body is JSON, sent as text/plain so a browser needs no CORS preflight (and
 * navigator.sendBeacon can carry it). Each event is checked on its own: a bad one is counted
 * as rejected and the rest are stored, so one odd event never makes a client resend a batch.
 */
export * from "./analytics-rules";

const id = z.string().min(1).max(TRUNCATE.id);
const propertyValue = z.union([z.string().max(TRUNCATE.string), z.number(), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  event: z.enum(ANALYTICS_EVENTS),
  time: z.number().int().nonnegative(),
  distinctId: id,
  loginId: id.nullable(),
  sessionId: id,
  url: z.string().max(TRUNCATE.string),
  referrer: z.string().max(TRUNCATE.referrer).nullable(),
  properties: z
    .record(z.string().min(1).max(TRUNCATE.key), propertyValue)
    .refine((value) => Object.keys(value).length <= PROPERTIES_MAX, { message: `at most ${PROPERTIES_MAX} properties` }),
});

/** The body: a list of anything, each item checked as an event. */
export const analyticsBatchSchema = z.object({ events: z.array(z.unknown()).min(1).max(BATCH_MAX_EVENTS) });
export const analyticsBatchResponse = z.object({
  accepted: z.number().int(),
  /** malformed events; not worth a resend */
  rejected: z.number().int(),
});
