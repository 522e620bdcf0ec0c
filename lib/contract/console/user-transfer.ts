import { z } from "zod";
import { BULK_CONSOLE_MAX } from "./bulk-options";
import type { BulkSelection } from "./bulk";
import { EXPORT_FORMATS } from "./user-transfer-options";
import { checkSearchRanges, USER_FILTERS, userSearchFields } from "./users";

/**
 * Users in and out of the console (GET /v1/console/users/export, POST /v1/console/users/import) and
 * the command line (users:export, users:import); docs/import-export.md.
 */
export * from "./user-transfer-options";

/** Import limits: a larger migration is split into files of this size. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;

/** Chosen accounts, capped as a bulk selection is. */
const idArray = z.array(z.uuid()).min(1).max(BULK_CONSOLE_MAX);
/** The same as one comma-separated list (an address, a form field). */
const idList = z
  .string()
  .transform((value) => value.split(",").map((id) => id.trim()).filter((id) => id !== ""))
  .pipe(idArray);

/**
 * The POST form of the export's body: room for BULK_CONSOLE_MAX ids however they are written
 * (a JSON array, indented; a form's `%2C`), so more ids are refused by the schema, not the limit.
 */
export const EXPORT_BODY_MAX_BYTES = BULK_CONSOLE_MAX * 64;

/**
 * What an export takes: the same selection as bulk work (bulk.ts), either the users search's text
 * and filters (its own fields and rules; page, size and order are taken and not used) or `ids`,
 * never both. Strict: a parameter the export does not know (the former `email` prefix) is refused,
 * never ignored into an export of everyone.
 */
export const userExportQuery = z
  .strictObject({ ...userSearchFields.shape, format: z.enum(EXPORT_FORMATS).default("csv"), ids: idList.optional() })
  .superRefine((query, ctx) => {
    checkSearchRanges(query, ctx);
    const filtered = query.q !== "" || USER_FILTERS.some((name) => query[name]);
    if (query.ids && filtered) ctx.addIssue({ code: "custom", path: ["ids"], message: "ids or a search, not both" });
  });
export type UserExportQuery = z.infer<typeof userExportQuery>;
export type UserExportInput = z.input<typeof userExportQuery>;

/**
 * POST /v1/console/users/export: chosen accounts beyond what an address holds (the server takes
 * 16 KiB of headers, about 400 ids). The body (JSON, or a form) has `ids`, required, as a JSON
 * array or comma-separated as in the address, and `format`; nothing else (a search goes in the
 * GET's address).
 */
export const userExportBody = z.strictObject({ format: z.enum(EXPORT_FORMATS).default("csv"), ids: z.union([idArray, idList]) });
export type UserExportBody = z.infer<typeof userExportBody>;

/** The export's selection as bulk work takes it. */
export function exportSelection(query: UserExportQuery): BulkSelection {
  return query.ids ? { ids: query.ids } : { search: query };
}

/** Why a row is not imported: a bad row (`bad`), or an account that is there already (`skipped`). */
export const IMPORT_ROW_PROBLEMS = ["email", "hashFormat", "duplicate", "nickname", "brand", "row", "exists"] as const;
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
