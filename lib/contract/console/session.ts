import { z } from "zod";
import { emailField } from "../fields";
import { OPERATOR_ROLES, REASON_MAX, REASON_MIN } from "./roles";

// POST /v1/console/session — operator sign-in: password and the authenticator app's code, always both
export const operatorSignInRequest = z.object({
  email: emailField,
  password: z.string().min(1).max(128),
  code: z.string().trim().regex(/^\d{6}$/),
});
export type OperatorSignInRequest = z.infer<typeof operatorSignInRequest>;

export const operatorInfo = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type OperatorInfo = z.infer<typeof operatorInfo>;

export const operatorSignInResponse = z.object({ token: z.string(), operator: operatorInfo });
export type OperatorSignInResponse = z.infer<typeof operatorSignInResponse>;

// GET /v1/console/session — who the session's operator is
export const operatorSessionResponse = z.object({ operator: operatorInfo });

// Every operator action that changes something carries a reason, written to the audit log.
export const reasonField = z.string().trim().min(REASON_MIN).max(REASON_MAX);
