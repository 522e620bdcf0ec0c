import { NextResponse, type NextRequest } from "next/server";
import { localeOf } from "@/lib/i18n/routing";
import { consoleContext, consoleHome, readOperatorToken } from "@/lib/console/session";
import { publicOrigin } from "@/lib/session/public-origin";
import { isSameOriginRequest } from "@/lib/session/same-origin";
import { isUpstreamError } from "@/lib/upstream/errors";
import { downloadCodeBatch } from "@/lib/upstream/console-screens";

/**
 * A batch's CSV, once: the batch form posts its one-time token here (a body, never an
 * address), and the answer is the file as an attachment. A spent, expired or unknown token goes
 * back to the codes screen, which says so. Same-origin posts only. An `app/api` route, because
 * the pages accept no POST but their own server actions (lib/security/page-requests.ts).
 */
const NO_STORE = { "cache-control": "no-store" };

export async function POST(request: NextRequest) {
  const origin = publicOrigin(request.headers);
  if (!isSameOriginRequest(request.headers, origin.host)) return new NextResponse(null, { status: 403, headers: NO_STORE });
  // the body is two short fields; anything larger is not from the form
  if (Number(request.headers.get("content-length") ?? "0") > 1024) return new NextResponse(null, { status: 413, headers: NO_STORE });
  const form = await request.formData().catch(() => null);
  const field = form?.get("lang");
  const lang = localeOf(typeof field === "string" ? field : "en");
  const back = (query: string) => NextResponse.redirect(new URL(`${consoleHome(lang)}/codes${query}`, origin), { status: 303, headers: NO_STORE });
  const token = await readOperatorToken();
  if (!token) return NextResponse.redirect(new URL(consoleHome(lang), origin), { status: 303, headers: NO_STORE });
  const value = form?.get("token");
  if (typeof value !== "string") return back("?download=spent");
  try {
    const { batchId, csv } = await downloadCodeBatch(await consoleContext(lang, token), value);
    return new NextResponse(csv, {
      headers: { ...NO_STORE, "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="codes-${batchId}.csv"`, "x-content-type-options": "nosniff" },
    });
  } catch (error) {
    if (isUpstreamError(error)) return back("?download=spent");
    throw error;
  }
}
