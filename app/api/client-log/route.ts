import type { NextRequest } from "next/server";
import { z } from "zod";
import { ErrorCode } from "@/lib/contract/errors";
import { VERIFICATION_PROVIDERS } from "@/lib/contract/rules";
import { apiRoute, Refusal } from "@/lib/session/api-route";
import { portalLog } from "@/lib/log";

/**
 * Client-side failures worth an operator's attention (SPEC §8: a human-verification script
 * that failed to load is logged). One log line per report, with no user data: only the event,
 * the provider and the error code.
 */
const reportSchema = z.object({
  event: z.literal("captcha_script_load_failed"),
  provider: z.enum(VERIFICATION_PROVIDERS),
  code: z.literal(1002),
});

const MAX_BODY = 1024;

export async function POST(request: NextRequest) {
  return apiRoute(request, { session: false }, async () => {
    const text = await request.text();
    if (text.length > MAX_BODY) throw new Refusal(ErrorCode.informationOutOfLimit);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Refusal(ErrorCode.invalidParams);
    }
    const report = reportSchema.safeParse(body);
    if (!report.success) throw new Refusal(ErrorCode.invalidParams);
    portalLog().warn({ event: report.data.event, provider: report.data.provider, code: report.data.code }, "client report");
    return {};
  });
}
