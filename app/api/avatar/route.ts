import type { NextRequest } from "next/server";
import { apiRoute, Refusal } from "@/lib/session/api-route";
import { avatarSrc, uploadHeadpic } from "@/lib/upstream/profile";
import { readAvatarUpload } from "@/lib/profile/avatar-upload";

/**
 * POST /api/avatar?lang=…&{launch query}: the user centre's avatar upload. The browser sends the
 * image here (XMLHttpRequest, for upload progress) and the portal forwards it to PATCH
 * /v1/user/headpic with the session. Answers {ok: true, data: {headpic}} with the URL to show.
 */
export async function POST(request: NextRequest) {
  return apiRoute(request, {}, async (ctx) => {
    const upload = await readAvatarUpload(request);
    if (!upload.ok) throw new Refusal(upload.code);
    const { headpic } = await uploadHeadpic(ctx, { file: upload.file, filename: "avatar" });
    return { headpic: avatarSrc(headpic) };
  });
}
