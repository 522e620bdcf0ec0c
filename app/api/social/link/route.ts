import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { apiRoute, Refusal } from "@/lib/session/api-route";
import { readLinkTicket } from "@/lib/social/cookies";
import { getSocialLink } from "@/lib/upstream/social";
import { loadVerificationSetup } from "@/lib/upstream/verification";

/**
 * GET /api/social/link?lang=&{launch}: what the connection screen shows (a static page that
 * asks for it): the ticket this browser holds (HttpOnly cookie) described by the services
 * (POST /v1/oauth/link), and the human verification a code request needs. No ticket, or one
 * that is used or expired → 20306.
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, { session: false }, async (ctx) => {
    const ticket = await readLinkTicket();
    if (!ticket) throw new Refusal(ErrorCode.socialLinkExpired);
    const [link, verification] = await Promise.all([getSocialLink(ctx, ticket), loadVerificationSetup(ctx)]);
    return { link, verification };
  });
}
