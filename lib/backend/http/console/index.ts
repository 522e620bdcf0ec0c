import type { ServicesApp } from "../env";
import { consoleGuard } from "./guard";
import { consoleAuditRoutes } from "./audit-routes";
import { consoleCliRoute } from "./cli-route";
import { consoleBulkRoutes } from "./bulk-routes";
import { consoleClientRoutes } from "./client-routes";
import { consoleUserRoutes } from "./user-routes";
import { consoleUserTransferRoutes } from "./user-transfer-routes";
import { consoleOperatorRoutes } from "./operator-routes";
import { consoleOperatorSecretRoutes } from "./operator-secret-routes";
import { consoleBanAndAnalyticsRoutes } from "./ban-routes";
import { consoleCodeRoutes } from "./code-routes";
import { consoleEnterpriseRoutes } from "./enterprise-routes";
import { consoleMessageRoutes } from "./message-routes";
import { consoleSessionRoutes } from "./session-routes";

/**
 * The operator console's API (/v1/console/**). The guard (guard.ts) runs before each of them
 * (sign-in aside: the address check only) and answers 404 for a path missing from the registry
 * (lib/contract/console/routes.ts). Further screens add their routes here and there.
 */
export function consoleRoutes(app: ServicesApp): void {
  app.use("/v1/console/*", consoleGuard);
  app.use("/v1/console", consoleGuard);
  for (const routes of [
    consoleSessionRoutes,
    consoleUserTransferRoutes,
    consoleBulkRoutes,
    consoleUserRoutes,
    consoleOperatorRoutes,
    consoleOperatorSecretRoutes,
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
