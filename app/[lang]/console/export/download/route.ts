import { NextResponse, type NextRequest } from "next/server";
import { getTranslations } from "next-intl/server";
import { userExportQuery } from "@/lib/contract/console/user-transfer";
import { localeOf } from "@/lib/i18n/routing";
import { consoleContext, readOperatorToken } from "@/lib/console/session";
import { exportUsers } from "@/lib/upstream/console-user-transfer";
import { isUpstreamError } from "@/lib/upstream/errors";

const NO_STORE = { "cache-control": "no-store" };

/**
 * The users export, relayed as it streams from the services (which check the role and audit it):
 * the selection of bulk work, a users search's filters or `ids`. A refused selection is a 400 with
 * its reason in words (the operator followed a link here: a page of text, not a code).
 */
export async function GET(request: NextRequest, { params }: RouteContext<"/[lang]/console/export/download">) {
  const lang = localeOf((await params).lang);
  const token = await readOperatorToken();
  if (!token) return NextResponse.json({ code: 20101 }, { status: 401, headers: NO_STORE });
  const given = Object.fromEntries([...request.nextUrl.searchParams].map(([key, value]) => [key, value || undefined]));
  const parsed = userExportQuery.safeParse(given);
  const refused = async () => new NextResponse((await getTranslations({ locale: lang, namespace: "console.transfer" }))("badSelection"), { status: 400, headers: { ...NO_STORE, "content-type": "text/plain; charset=utf-8" } });
  if (!parsed.success) return refused();
  try {
    const file = await exportUsers(await consoleContext(lang, token), parsed.data);
    return new NextResponse(file.body, {
      headers: { ...NO_STORE, "content-type": file.contentType, "content-disposition": `attachment; filename="users.${parsed.data.format}"` },
    });
  } catch (error) {
    if (isUpstreamError(error) && error.httpStatus === 400) return refused();
    if (isUpstreamError(error) && error.httpStatus < 500) return NextResponse.json({ code: error.code }, { status: error.httpStatus, headers: NO_STORE });
    throw error;
  }
}
