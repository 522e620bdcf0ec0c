import "server-only";
import { importReport, type ImportReport, type UserExportQuery } from "@/lib/contract/console/user-transfer";
import { consoleCall, type ConsoleContext } from "./console";
import { upstreamFetchStream } from "./fetcher";

/** Users out and in from the console (docs/import-export.md): the services check the role and audit. */
export const exportUsers = (ctx: ConsoleContext, query: UserExportQuery) =>
  upstreamFetchStream({
    service: "passport",
    method: "GET",
    path: "/v1/console/users/export",
    query: { ...query, ids: query.ids?.join(",") },
    operatorToken: ctx.operatorToken,
    lang: ctx.lang,
    app: { code: "console", system: "web-pc", appVersion: "", origin: "" },
    client: { ip: ctx.clientIp, userAgent: ctx.clientUserAgent },
  });

export function importUsers(ctx: ConsoleContext, input: { file: File; dryRun: boolean; reason?: string }): Promise<ImportReport> {
  const body = new FormData();
  body.set("file", input.file);
  return consoleCall(ctx, { method: "POST", path: "/v1/console/users/import", query: { dryRun: input.dryRun, reason: input.reason }, body, schema: importReport });
}
