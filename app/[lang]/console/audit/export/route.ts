import { NextResponse, type NextRequest } from "next/server";
import { auditQuery } from "@/lib/contract/console/audit";
import { localeOf } from "@/lib/i18n/routing";
import { consoleContext, readOperatorToken } from "@/lib/console/session";
import { exportAudit } from "@/lib/upstream/console";
import { isUpstreamError } from "@/lib/upstream/errors";

/** The filtered audit log as CSV, relayed from the services (which check the session and record the export). */
export async function GET(request: NextRequest, { params }: RouteContext<"/[lang]/console/audit/export">) {
  const lang = localeOf((await params).lang);
  const token = await readOperatorToken();
  if (!token) return NextResponse.json({ code: 20101 }, { status: 401, headers: { "cache-control": "no-store" } });
  const given = Object.fromEntries([...request.nextUrl.searchParams].map(([key, value]) => [key, value || undefined]));
  const parsed = auditQuery.safeParse(given);
  if (!parsed.success) return NextResponse.json({ code: 10001 }, { status: 400, headers: { "cache-control": "no-store" } });
  try {
    const file = await exportAudit(await consoleContext(lang, token), parsed.data);
    return new NextResponse(Buffer.from(file.bytes), {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="audit-log.csv"', "cache-control": "no-store" },
    });
  } catch (error) {
    if (isUpstreamError(error) && error.httpStatus < 500) return NextResponse.json({ code: error.code }, { status: error.httpStatus, headers: { "cache-control": "no-store" } });
    throw error;
  }
}
