import type { ExportFormat, UserExportQuery } from "@/lib/contract/console/user-transfer";
import { audit, type Actor } from "../console/audit";
import { exportChunks } from "./export";

/**
 * An export as the audit log keeps it, from the console and the command line alike: who, which
 * filter, the format and how many rows went out, written when the last row has gone (a download
 * stopped half way is written as failed, with the rows sent until then).
 */
export async function* auditedExport(who: Actor, action: string, query: Pick<UserExportQuery, "status" | "email">, format: ExportFormat): AsyncGenerator<string> {
  let rows: number | null = null;
  let sent = 0;
  const filter = { status: query.status ?? null, email: query.email ?? null };
  try {
    for await (const chunk of exportChunks(query, format, (count) => (rows = count))) {
      sent += 1;
      yield chunk;
    }
  } finally {
    if (rows === null) await audit(who, action, null, null, "failed", { format, filter, stoppedAfterPages: sent });
    else await audit(who, action, null, null, "ok", { format, filter, rows });
  }
}
