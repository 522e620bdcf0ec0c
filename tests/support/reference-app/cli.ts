/**
 * `npm run refapp`: the reference brand app (docs/oidc.md) on http://127.0.0.1:3005, signing in
 * with the portal's OpenID Provider at http://localhost:3000 (`npm run serve`'s defaults). The
 * first start registers it (`npm run cli -- client:create`); later starts reuse that client.
 * Stops on Ctrl-C.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { startReferenceApp } from "./app";
import { readClientFile, registerWithCliCommand, writeClientFile } from "./client-file";

const HELP = `npm run refapp -- [options]
  --issuer <url>          the portal's issuer, its PUBLIC_ORIGIN (default http://localhost:3000)
  --port <n>              the app's port on 127.0.0.1 (default 3005)
  --client-file <file>    where the app's registration is kept (default DATA_DIR/reference-app-client.json)
  --client-id <id> --client-secret <secret>
                          use this client (registered with client:create --kind client_secret_basic)`;

function register(issuer: string, origin: string, file: string) {
  console.log(`Registering the reference app with ${issuer} (npm run cli -- client:create)…`);
  const registered = registerWithCliCommand(issuer, origin);
  writeClientFile(file, registered);
  console.log(`Registered client ${registered.clientId}; kept in ${file}.`);
  return registered;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      issuer: { type: "string" },
      port: { type: "string" },
      "client-file": { type: "string" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) return void console.log(HELP);
  const issuer = new URL(values.issuer ?? process.env.REFAPP_ISSUER ?? "http://localhost:3000").origin;
  const port = Number(values.port ?? process.env.REFAPP_PORT ?? 3005);
  const origin = `http://127.0.0.1:${port}`;
  const file = values["client-file"] ?? process.env.REFAPP_CLIENT_FILE ?? path.join(process.env.DATA_DIR ?? "data", "reference-app-client.json");

  const explicit = values["client-id"] && values["client-secret"] ? { clientId: values["client-id"], clientSecret: values["client-secret"] } : null;
  const saved = readClientFile(file);
  const client = explicit ?? (saved && saved.issuer === issuer && saved.redirectUri === `${origin}/callback` ? saved : register(issuer, origin, file));

  const app = await startReferenceApp({ issuer, clientId: client.clientId, clientSecret: client.clientSecret, port });
  console.log(`reference app on ${app.origin} (issuer ${issuer}, client ${client.clientId})`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
