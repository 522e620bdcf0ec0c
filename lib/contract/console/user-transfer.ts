import { z } from "zod";
import { USER_STATUSES } from "./users";

/**
 * Users in and out of the console (GET /v1/console/users/export, POST /v1/console/users/import) and
 * the command line (users:export, users:import); docs/import-export.md.
 */
export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Import limits: a larger migration is split into files of this size. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;

export const userExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default("csv"),
  status: z.enum(USER_STATUSES).optional(),
  /** an email prefix, as the user search takes it */
  email: z.string().trim().max(254).optional(),
});
export type UserExportQuery = z.infer<typeof userExportQuery>;

/** Why a row is not imported: a bad row (`bad`), or an account that is there already (`skipped`). */
export const IMPORT_ROW_PROBLEMS = ["email", "hashFormat", "duplicate", "nickname", "row", "exists"] as const;
export type ImportRowProblem = (typeof IMPORT_ROW_PROBLEMS)[number];

/** `line`: the CSV line the row starts on, or the user's position (from 1) in a JSON file. */
export const importRowIssue = z.object({ line: z.number(), email: z.string(), problem: z.enum(IMPORT_ROW_PROBLEMS) });
export type ImportRowIssue = z.infer<typeof importRowIssue>;

export const importReport = z.object({
  dryRun: z.boolean(),
  format: z.enum(EXPORT_FORMATS),
  rows: z.number(),
  /** imported, or on a dry run: would be imported */
  imported: z.number(),
  skipped: z.array(importRowIssue),
  bad: z.array(importRowIssue),
});
export type ImportReport = z.infer<typeof importReport>;

export const importQuery = z.object({
  dryRun: z.enum(["true", "false"]).default("true").transform((value) => value === "true"),
  format: z.enum(EXPORT_FORMATS).optional(),
  reason: z.string().trim().min(3).max(500).optional(),
});
