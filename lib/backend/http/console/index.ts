import type { ServicesApp } from "../env";
import { consoleGuard } from "./guard";
import { consoleAuditRoutes } from "./audit-routes";
import { consoleCliRoute } from "./cli-route";
import { consoleClientRoutes } from "./client-routes";
import { consoleUserRoutes } from "./user-routes";
import { consoleUserTransferRoutes } from "./user-transfer-routes";
import { consoleOperatorRoutes } from "./operator-routes";
import { consoleBanAndAnalyticsRoutes } from "./ops-ban-routes";
import { consoleCodeRoutes } from "./ops-code-routes";
import { consoleEnterpriseRoutes } from "./ops-enterprise-routes";
import { consoleMessageRoutes } from "./ops-message-routes";
import { consoleSessionRoutes } from "./session-routes";

/**
 * The operator console's API (/v1/admin/**). The guard (guard.ts) runs before each of them
 * (sign-in aside: the address check only) and answers 404 for a path missing from the registry
 * (lib/contract/admin/routes.ts). Further screens add their routes here and there.
 */
export function consoleRoutes(app: ServicesApp): void {
  app.use("/v1/admin/*", consoleGuard);
  app.use("/v1/admin", consoleGuard);
  for (const routes of [
    consoleSessionRoutes,
    consoleUserTransferRoutes,
    consoleUserRoutes,
    consoleOperatorRoutes,
    consoleAuditRoutes,
    consoleCliRoute,
    consoleEnterpriseRoutes,
    consoleCodeRoutes,
    consoleMessageRoutes,
    consoleBanAndAnalyticsRoutes,
    consoleClientRoutes,
  ]) {
    routes(app);
  }
}
