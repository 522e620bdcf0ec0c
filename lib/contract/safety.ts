import { z } from "zod";
import { fieldFromRule } from "./fields";
import { DEVICE_SN_RULE, LIGHT_SOURCES, TRAINING_COURSES } from "./rules";

/**
 * Safety training (SPEC §3, §4, §7), user service `/v1/safety`.
 *
 * Pre-use training: one course per kind of device ("laser": isFinish/isHave, "printer":
 * printIsFinish/printIsHave). POST /v1/safety/start issues the course's certificate id (the
 * same one until it is completed); PATCH /v1/safety/completed with that certId (body and query)
 * completes it; GET /v1/safety/getPrizePDF?certId= is the certificate.
 *
 * Laser welder: a video the server watches being watched. POST /v1/safety/welder/start opens a
 * viewing, /progress reports the position (never ahead of the time the server has seen pass),
 * /finish completes it once the whole length was reported and has elapsed; only then does
 * POST /v1/safety/welder/password derive a device password.
 */
export const trainingCourseSchema = z.enum(TRAINING_COURSES);
export const lightSourceSchema = z.enum(LIGHT_SOURCES, { error: "lightSourceRequired" });

/** A certificate id as the services issue it: course prefix, year and month, 8 random characters. */
export const certIdField = z.string().trim().regex(/^(LS|PR)\d{4}-[0-9A-Z]{8}$/, { error: "certIdInvalid" });

// GET /v1/safety/getPrizeInfo
export const prizeInfoResponse = z.object({
  /** the laser pre-use training is completed */
  isFinish: z.boolean(),
  /** the user has a laser device */
  isHave: z.boolean(),
  printIsFinish: z.boolean(),
  printIsHave: z.boolean(),
  /** the laser certificate's id (issued at start, valid once finished), or null */
  certId: z.string().nullable(),
  printCertId: z.string().nullable(),
  /** when each training was completed (ISO 8601), or null */
  finishedAt: z.string().nullable(),
  printFinishedAt: z.string().nullable(),
});
export type PrizeInfo = z.infer<typeof prizeInfoResponse>;

// POST /v1/safety/start
export const startTrainingRequest = z.object({ course: trainingCourseSchema });
export const startTrainingResponse = z.object({ certId: z.string(), course: trainingCourseSchema, finished: z.boolean() });

// PATCH /v1/safety/completed?certId= — the same certId in the body
export const completedQuery = z.object({ certId: certIdField });
export const completedRequest = z.object({ certId: certIdField });
export const completedResponse = z.object({ certId: z.string(), course: trainingCourseSchema, completedAt: z.string() });

// GET /v1/safety/getPrizePDF?certId= — application/pdf, in the `lang` header's language
export const prizePdfQuery = z.object({ certId: certIdField });

// PUT /v1/safety/devices — the device side says which devices a user has (x-device-key header)
export const deviceOwnershipRequest = z
  .object({
    email: z.string().trim().toLowerCase().email().max(254).optional(),
    uid: z.string().uuid().optional(),
    laser: z.boolean().optional(),
    printer: z.boolean().optional(),
  })
  .refine((value) => (value.email === undefined) !== (value.uid === undefined), { error: "emailOrUid", path: ["email"] });
export const deviceOwnershipResponse = z.object({ uid: z.string(), isHave: z.boolean(), printIsHave: z.boolean() });
export const DEVICE_KEY_HEADER = "x-device-key";

// GET /v1/safety/welder
export const welderStateResponse = z.object({
  /** the whole video was watched once: seeking is free and passwords can be made */
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  /** the video and its WebVTT captions ({lang} replaced), as the services were configured */
  videoUrl: z.string(),
  captions: z.object({ en: z.string().nullable(), zh: z.string().nullable() }),
  /** the length the server requires to have elapsed and been reported, in seconds */
  durationSeconds: z.number(),
});
export type WelderState = z.infer<typeof welderStateResponse>;

// POST /v1/safety/welder/start
export const welderStartResponse = z.object({ viewId: z.string(), durationSeconds: z.number() });

// POST /v1/safety/welder/progress
export const welderProgressRequest = z.object({ viewId: z.string().uuid(), position: z.number().min(0).max(86_400) });
export const welderProgressResponse = z.object({ position: z.number() });

// POST /v1/safety/welder/finish
export const welderFinishRequest = z.object({ viewId: z.string().uuid() });
export const welderFinishResponse = z.object({ completed: z.literal(true), completedAt: z.string() });

// POST /v1/safety/welder/password — refused (20503) until the video was watched in full. The SN
// is checked by the service so that its two mistakes have their own codes: 20504 (not 23
// characters) and 20505 (other characters than letters, digits and '-').
export const snPasswordRequest = z.object({ sn: z.string().max(256), power: lightSourceSchema });
/** The SN rules as a classic field, for callers that validate before sending. */
export const deviceSnField = fieldFromRule(DEVICE_SN_RULE);
export const snPasswordResponse = z.object({ sn: z.string(), power: lightSourceSchema, password: z.string() });

/**
 * The budget of SN passwords (docs/exchange-and-training.md): each account may have passwords
 * made for SN_DEVICES_PER_ACCOUNT different devices (SNs) within any 24 hours, and each address
 * for SN_DEVICES_PER_ADDRESS. Asking again for an SN already issued within the window is free.
 * Past a budget the answer is 20507 (HTTP 429, data.retryAfter) and nothing is issued.
 */
export const SN_DEVICES_PER_ACCOUNT = 10;
export const SN_DEVICES_PER_ADDRESS = 30;
export const SN_BUDGET_WINDOW_SECONDS = 86_400;

// GET /v1/safety/welder/passwords?page=1&pageSize=10 — the passwords issued to the user, newest
// first. The passwords themselves are not listed: asking again for an SN gives it (for free).
export const SN_HISTORY_PAGE_SIZE_MAX = 50;
export const snHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SN_HISTORY_PAGE_SIZE_MAX).default(10),
});
export const snIssueItem = z.object({
  id: z.string(),
  sn: z.string(),
  power: lightSourceSchema,
  /** when the password was issued (ISO 8601) */
  issuedAt: z.string(),
});
export type SnIssueItem = z.infer<typeof snIssueItem>;
export const snHistoryResponse = z.object({
  list: z.array(snIssueItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** different devices issued to the account within the last 24 hours, and the most allowed */
  devicesUsed: z.number().int(),
  devicesLimit: z.number().int(),
});
export type SnHistory = z.infer<typeof snHistoryResponse>;
