import { NextResponse, type NextRequest } from "next/server";
import { localeOf } from "@/lib/i18n/routing";
import { consoleContext, readOperatorToken } from "@/lib/console/session";
import { listBulkJobs } from "@/lib/upstream/console-bulk";
import { isUpstreamError } from "@/lib/upstream/errors";

const NO_STORE = { "cache-control": "no-store" };

/** The bulk jobs panel's refresh (SWR polls it while a job runs); the services check the role. */
export async function GET(request: NextRequest) {
  const token = await readOperatorToken();
  if (!token) return NextResponse.json({ code: 20101 }, { status: 401, headers: NO_STORE });
  try {
    const list = await listBulkJobs(await consoleContext(localeOf(request.nextUrl.searchParams.get("lang") ?? "en"), token));
    return NextResponse.json(list, { headers: NO_STORE });
  } catch (error) {
    if (isUpstreamError(error) && error.httpStatus < 500) return NextResponse.json({ code: error.code }, { status: error.httpStatus, headers: NO_STORE });
    throw error;
  }
}
