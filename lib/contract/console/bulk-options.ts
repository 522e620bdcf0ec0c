/** The bulk jobs' fixed lists and limits, without zod, for the console's client code (bulk.ts has the schemas). */
export const BULK_KINDS = ["end-sessions", "ban", "unban", "message"] as const;
export type BulkKind = (typeof BULK_KINDS)[number];
/** The kinds that take something away from the accounts (shown apart, styled as destructive). */
export const DESTRUCTIVE_BULK_KINDS: readonly BulkKind[] = ["end-sessions", "ban"];

export const BULK_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** The most accounts one job from the console may hold; the command line has no limit. */
export const BULK_CONSOLE_MAX = 10_000;
/** How many accounts the preview names. */
export const BULK_PREVIEW_NAMES = 10;

export const isActiveBulkStatus = (status: BulkStatus): boolean => status === "queued" || status === "running";
