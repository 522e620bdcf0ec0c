import { ErrorCode } from "@/lib/contract/errors";
import type { ActionResult, PageRef } from "@/lib/session/action-result";
import { readApiAnswer } from "@/lib/session/api-answer";

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

/** The route's answer; the new avatar's URL, or none when the services gave an unusable one. */
function readAnswer(response: unknown): AvatarUploadResult {
  const answer = readApiAnswer<{ headpic?: unknown }>(response);
  if (!answer.ok) return answer;
  const headpic = typeof answer.data === "object" && answer.data !== null ? answer.data.headpic : null;
  return { ok: true, headpic: typeof headpic === "string" ? headpic : null };
}
