import { ErrorCode } from "@/lib/contract/errors";
import type { ActionResult, PageRef } from "@/lib/session/action-result";

export type AvatarUploadResult = ActionResult<{ headpic: string | null }>;

/**
 * Sends the image to the portal's avatar route (POST /api/avatar) with XMLHttpRequest, because
 * fetch cannot report upload progress. Resolves with the route's answer, which has the shape
 * of a server action's result. A failed exchange is 1002 (1000 offline); a cancelled upload
 * resolves null.
 */
export function uploadAvatar(file: File, page: PageRef, handlers: { onProgress: (percent: number) => void; signal: AbortSignal }): Promise<AvatarUploadResult | null> {
  const params = new URLSearchParams(page.query);
  params.set("lang", page.lang);
  const body = new FormData();
  body.set("headpic", file);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/avatar?${params.toString()}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) handlers.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => resolve(readAnswer(xhr.response));
    xhr.onerror = () => resolve(failed(navigator.onLine === false ? ErrorCode.offline : ErrorCode.networkError));
    xhr.ontimeout = () => resolve(failed(ErrorCode.networkError));
    xhr.onabort = () => resolve(null);
    handlers.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function failed(code: number): AvatarUploadResult {
  return { ok: false, error: { code } };
}

/** The route's JSON, checked: anything unexpected (a proxy's error page) is a system error. */
function readAnswer(response: unknown): AvatarUploadResult {
  if (typeof response !== "object" || response === null || !("ok" in response)) return failed(ErrorCode.systemError);
  if (response.ok === true) {
    const headpic = "headpic" in response && typeof response.headpic === "string" ? response.headpic : null;
    return { ok: true, headpic };
  }
  const error = "error" in response && typeof response.error === "object" && response.error !== null ? response.error : null;
  if (!error || !("code" in error) || typeof error.code !== "number") return failed(ErrorCode.systemError);
  const redirect = "redirect" in error && typeof error.redirect === "string" ? error.redirect : undefined;
  return { ok: false, error: redirect ? { code: error.code, redirect } : { code: error.code } };
}
