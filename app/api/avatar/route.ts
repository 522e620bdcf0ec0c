import { NextResponse, type NextRequest } from "next/server";
import { ErrorCode, HTTP_STATUS_BY_CODE } from "@/lib/contract/errors";
import type { ActionError } from "@/lib/session/action-result";
import { actionFailure, endExpiredSession, readToken, resolvePage, upstreamContext } from "@/lib/session/server";
import { isSameOriginRequest } from "@/lib/session/same-origin";
import { publicOrigin } from "@/lib/session/public-origin";
import { avatarSrc, uploadHeadpic } from "@/lib/upstream/profile";
import { readAvatarUpload } from "./upload";

/**
 * POST /api/avatar?lang=…&{launch query}: the user centre's avatar upload. The browser sends the
 * image here (XMLHttpRequest, for upload progress) and the portal forwards it to PATCH
 * /v1/user/headpic with the session. Answers like a server action: {ok: true, headpic} with
 * the URL to show, or {ok: false, error} with the code (20101 also ends the session).
 */
export async function POST(request: NextRequest): Promise<NextResponse> {
  const host = publicOrigin(request.headers).host;
  if (!isSameOriginRequest(request.headers, host)) return refuse({ code: ErrorCode.insufficientAuthority }, 403);

  const params = new URLSearchParams(request.nextUrl.searchParams);
  const lang = params.get("lang") ?? "";
  params.delete("lang");
  const page = await resolvePage({ lang, query: params.toString() });
  const token = await readToken();
  if (!token) return refuse(await endExpiredSession(page));

  const upload = await readAvatarUpload(request);
  if (!upload.ok) return refuse({ code: upload.code });
  try {
    const { headpic } = await uploadHeadpic(await upstreamContext(page.lang, page.launch, token), { file: upload.file, filename: "avatar" });
    return NextResponse.json({ ok: true, headpic: avatarSrc(headpic) }, { headers: NO_STORE });
  } catch (error) {
    return refuse((await actionFailure(error, page)).error);
  }
}

const NO_STORE = { "cache-control": "no-store" };

function refuse(error: ActionError, status?: number): NextResponse {
  const byCode = (HTTP_STATUS_BY_CODE as Record<number, number | undefined>)[error.code];
  return NextResponse.json({ ok: false, error }, { status: status ?? byCode ?? 500, headers: NO_STORE });
}
