import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { getPrizePdf } from "@/lib/upstream/user";
import { certIdField } from "@/lib/validation/training";
import { apiRoute, Refusal } from "@/lib/session/api-route";

/**
 * GET /api/training/certificate?certId=&lang=&{launch}: the certificate PDF from
 * GET /v1/safety/getPrizePDF, in the page's language, as base64 in the portal's JSON answer, so
 * the page shows a refusal (20502, 20101 …) like any other and saves the file itself.
 */
export async function GET(request: NextRequest) {
  const certId = certIdField.safeParse(request.nextUrl.searchParams.get("certId"));
  return apiRoute(request, {}, async (ctx) => {
    if (!certId.success) throw new Refusal(ErrorCode.invalidParams);
    const file = await getPrizePdf(ctx, { certId: certId.data });
    if (file.contentType !== "application/pdf") throw new Refusal(ErrorCode.systemError);
    return { fileName: file.fileName ?? `certificate-${certId.data}.pdf`, pdf: Buffer.from(file.bytes).toString("base64") };
  });
}
