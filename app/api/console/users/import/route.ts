import { NextResponse, type NextRequest } from "next/server";
import { IMPORT_MAX_BYTES } from "@/lib/contract/console/user-transfer";
import { localeOf } from "@/lib/i18n/routing";
import { consoleContext, readOperatorToken } from "@/lib/console/session";
import { publicOrigin } from "@/lib/session/public-origin";
import { isSameOriginRequest } from "@/lib/session/same-origin";
import { importUsers } from "@/lib/upstream/console-user-transfer";
import { isUpstreamError } from "@/lib/upstream/errors";

const NO_STORE = { "cache-control": "no-store" };
const refuse = (code: number, status: number) => NextResponse.json({ ok: false, code }, { status, headers: NO_STORE });

/**
 * The import screen's upload (a form post of the file, `dryRun`, the run's reason and the
 * screen's `lang`), relayed to the services, which check the role, every row and the limits, and
 * audit the run. Same-origin posts only (a cross-site form could otherwise post a file with the
 * operator's cookie). An `app/api` route, because the pages accept no POST but their own server
 * actions (lib/security/page-requests.ts); its body cap is the import's (lib/security/incoming.ts).
 */
export async function POST(request: NextRequest) {
  if (!isSameOriginRequest(request.headers, publicOrigin(request.headers).host)) return refuse(20102, 403);
  const token = await readOperatorToken();
  if (!token) return refuse(20101, 401);
  if (Number(request.headers.get("content-length") ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) return refuse(21101, 413);
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!form || !(file instanceof File)) return refuse(21102, 400);
  if (file.size > IMPORT_MAX_BYTES) return refuse(21101, 413);
  const reason = form.get("reason");
  const field = form.get("lang");
  const lang = localeOf(typeof field === "string" ? field : "en");
  try {
    const report = await importUsers(await consoleContext(lang, token), { file, dryRun: form.get("dryRun") !== "false", reason: typeof reason === "string" && reason ? reason : undefined });
    return NextResponse.json({ ok: true, report }, { headers: NO_STORE });
  } catch (error) {
    if (isUpstreamError(error) && error.httpStatus < 500) return refuse(error.code, error.httpStatus);
    throw error;
  }
}
