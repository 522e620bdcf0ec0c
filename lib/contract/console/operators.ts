import { z } from "zod";
import { emailField } from "../fields";
import { OPERATOR_PASSWORD_MIN, OPERATOR_ROLES } from "./roles";
import { reasonField } from "./session";

export const operatorSummary = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(["active", "disabled"]),
  createdAt: z.string(),
});
export type OperatorSummary = z.infer<typeof operatorSummary>;

// GET /v1/console/operators
export const operatorListResponse = z.object({ list: z.array(operatorSummary) });

// POST /v1/console/operators — the password and the authenticator secret are answered once
export const createOperatorRequest = z.object({ email: emailField, name: z.string().trim().min(1).max(100), role: z.enum(OPERATOR_ROLES), reason: reasonField });
export const createOperatorResponse = z.object({ operator: operatorSummary, password: z.string(), totpUri: z.string(), totpSecret: z.string() });
export type CreatedOperator = z.infer<typeof createOperatorResponse>;

// PATCH /v1/console/operators/:id — a new role, or disabled (which ends its sessions), or active again
export const updateOperatorRequest = z
  .object({ role: z.enum(OPERATOR_ROLES).optional(), status: z.enum(["active", "disabled"]).optional(), reason: reasonField })
  .refine((value) => value.role !== undefined || value.status !== undefined, { path: ["role"] });

// POST /v1/console/operators/:id/reset-password — a new generated password, answered once
export const resetOperatorPasswordResponse = z.object({ password: z.string() });
// POST /v1/console/operators/:id/reset-authenticator — a new authenticator secret, answered once
export const resetOperatorAuthenticatorResponse = z.object({ totpUri: z.string(), totpSecret: z.string() });

/** An operator's own password: long, since it guards every account (a generated one is 20 characters). */
export { OPERATOR_PASSWORD_MIN };
export const operatorPasswordField = z.string().min(OPERATOR_PASSWORD_MIN).max(128);
// POST /v1/console/session/password — the signed-in operator's own password, the current one proved
export const changeOwnPasswordRequest = z.object({ current: z.string().min(1).max(128), next: operatorPasswordField });
