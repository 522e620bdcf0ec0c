/** The export's formats, without zod, for the console's client code (user-transfer.ts has the schemas). */
export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
