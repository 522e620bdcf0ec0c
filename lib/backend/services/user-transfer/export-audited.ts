import type { BulkSelection } from "@/lib/contract/console/bulk";
import type { ExportFormat } from "@/lib/contract/console/user-transfer";
import { USER_FILTERS } from "@/lib/contract/console/users";
import { audit, type Actor } from "../console/audit";
import { selectionWhere } from "../console/user-search-filters";
import { exportChunks } from "./export";

/**
 * An export as the audit log keeps it, from the console and the command line alike: who, which
 * selection (the search's text and the filters given, or how many ids: never the ids themselves),
 * the format and how many rows went out, written when the last row has gone (a download stopped
 * half way is written as failed, with the pages sent until then).
 */
export function selectionDetail(selection: BulkSelection): Record<string, unknown> {
  if ("ids" in selection) return { ids: selection.ids.length };
  const { search } = selection;
  const given = (["by", "q", ...USER_FILTERS] as const).flatMap((name) => (search[name] ? [[name, search[name]]] : []));
  return { filter: Object.fromEntries(given) };
}

/**
 * Resolves the selection first (a refused filter throws its ServiceError here, before a byte of
 * the file), then hands out the chunks; the audit row is written when they end.
 */
export async function auditedExport(who: Actor, action: string, selection: BulkSelection, format: ExportFormat): Promise<AsyncGenerator<string>> {
  const where = await selectionWhere(selection);
  const detail = { format, ...selectionDetail(selection) };
  return (async function* chunks() {
    let rows: number | null = null;
    let sent = 0;
    try {
      for await (const chunk of exportChunks(where, format, (count) => (rows = count))) {
        sent += 1;
        yield chunk;
      }
    } finally {
      if (rows === null) await audit(who, action, null, null, "failed", { ...detail, stoppedAfterPages: sent });
      else await audit(who, action, null, null, "ok", { ...detail, rows });
    }
  })();
}
