import type { NextRequest } from "next/server";
import { getPrizeInfo } from "@/lib/upstream/user";
import { apiRoute } from "@/lib/session/api-route";
import { trainingEntryVisible } from "@/lib/training/menu-rule";

/** GET /api/training/menu?lang=&{launch}: whether the side menu shows safety training (SPEC §2, lib/training/menu-rule.ts). */
export async function GET(request: NextRequest) {
  return apiRoute(request, { cacheControl: "private, max-age=60" }, async (ctx, at) => {
    // a failing read keeps the entry: the rule only removes it on the services' word
    const prize = await getPrizeInfo(ctx).catch(() => null);
    return { visible: trainingEntryVisible({ appVersion: at.launch.av, prize }) };
  });
}
