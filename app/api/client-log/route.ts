import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { verificationProviderSchema } from "@/lib/contract/verification";
import { isSameOriginRequest } from "@/lib/session/same-origin";
import { publicOrigin } from "@/lib/session/public-origin";

/**
 * Client-side failures worth an operator's attention (SPEC §8: a human-verification script
 * that failed to load is logged). One line per report, with no user data: only the event,
 * the provider and the error code.
 */
const reportSchema = z.object({
  event: z.literal("captcha_script_load_failed"),
  provider: verificationProviderSchema,
  code: z.literal(1002),
});

const MAX_BODY = 1024;

export async function POST(request: NextRequest): Promise<NextResponse> {
  const host = publicOrigin(request.headers).host;
  if (!isSameOriginRequest(request.headers, host)) return new NextResponse(null, { status: 403 });
  const text = await request.text();
  if (text.length > MAX_BODY) return new NextResponse(null, { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new NextResponse(null, { status: 400 });
  }
  const report = reportSchema.safeParse(body);
  if (!report.success) return new NextResponse(null, { status: 400 });
  console.warn(`[client] ${report.data.event} provider=${report.data.provider} code=${report.data.code}`);
  return new NextResponse(null, { status: 204 });
}
