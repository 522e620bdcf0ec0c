import path from "node:path";
import { getConfig } from "../config";

/** Where the embedded outbox writes each mail as a file: DATA_DIR/outbox. */
export function outboxDir(): string {
  return path.join(getConfig().dataDir, "outbox");
}
