import { UAParser } from "ua-parser-js";
import type { LaunchSystem } from "./system";

/** The system a browser runs on, from its user agent: tablets are `pad`, phones `mobile`, anything else `pc`. */
export function detectSystem(userAgent: string | null): LaunchSystem {
  if (!userAgent) return "pc";
  const { type } = new UAParser(userAgent.slice(0, 1024)).getDevice();
  if (type === "tablet") return "pad";
  if (type === "mobile" || type === "wearable") return "mobile";
  return "pc";
}
