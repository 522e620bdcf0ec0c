/**
 * `npm run bridge`: the reference native bridge on 127.0.0.1:9527 for a native team to develop
 * against (docs/native-bridge.md). Stops on Ctrl-C.
 */
import { parseArgs } from "node:util";
import { NATIVE_BRIDGE_PATH, NATIVE_BRIDGE_PORT } from "../../lib/contract/native-bridge";
import { startReferenceBridge } from "./reference-bridge";

const HELP = `npm run bridge -- [options]
  --port <n>              port on 127.0.0.1 (default ${NATIVE_BRIDGE_PORT})
  --allow-origin <origin> a portal origin whose pages may call the bridge (repeat it)
  --app-version <v>       the app version the bridge reports (default 2.6.0)
  --login-token <token>   complete every native login with this session token
  --download-dir <dir>    where downloads are saved
A login without --login-token waits until: curl -X POST 127.0.0.1:<port>/__control/login -d '{"utoken":"…"}'`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      "allow-origin": { type: "string", multiple: true },
      "app-version": { type: "string" },
      "login-token": { type: "string" },
      "download-dir": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) return void console.log(HELP);
  const bridge = await startReferenceBridge({
    port: values.port ? Number(values.port) : NATIVE_BRIDGE_PORT,
    allowedOrigins: values["allow-origin"] ?? ["http://localhost:3000", "http://127.0.0.1:3000"],
    appVersion: values["app-version"],
    login: values["login-token"] ? { token: values["login-token"], afterMs: 1000 } : undefined,
    downloadDir: values["download-dir"],
    log: (line) => console.log(line),
  });
  console.log(`reference native bridge on ${bridge.origin}${NATIVE_BRIDGE_PATH}`);
  const stop = () => void bridge.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
