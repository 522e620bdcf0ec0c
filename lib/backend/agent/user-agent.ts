import { UAParser } from "ua-parser-js";

/**
 * What a login-log row shows of the client ("macOS · Chrome 131", "iOS 18 · Safari 18") and the
 * platform a browser sign-in is recorded under when the caller sent no x-app-platform.
 *
 * Browsers freeze parts of the user agent: every Chromium, Firefox and Safari on a Mac claims
 * "Mac OS X 10_15_7", and Windows 10 and 11 both send "Windows NT 10.0". Showing those numbers
 * would be wrong for most users, so the version is left out there ("macOS", "Windows");
 * elsewhere the OS version and the browser's major version are shown as sent.
 */
const MAX_UA_LENGTH = 1024;

const OS_NAMES: Readonly<Record<string, string>> = {
  "Mac OS": "macOS",
  "Chromium OS": "ChromeOS",
};

function osLabel(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  const label = OS_NAMES[name] ?? name;
  if (!version) return label;
  if (name === "Mac OS" && version.startsWith("10.15")) return label;
  if (name === "Windows" && version === "10") return label;
  if (name === "Chromium OS") return label;
  // iOS 18.1 → 18: the major version is what people know their system by.
  const major = version.split(".")[0];
  return name === "Windows" ? `${label} ${version}` : `${label} ${major}`;
}

function browserLabel(name: string | undefined, major: string | undefined): string | null {
  if (!name) return null;
  // "Mobile Safari", "Mobile Chrome", "Mobile Firefox": the OS already says it is a phone.
  const label = name.replace(/^Mobile /, "");
  return major ? `${label} ${major}` : label;
}

/** "OS · Browser" from a user agent, either part alone when only it is known; null when empty or unknown. */
export function describeUserAgent(ua: string | null): string | null {
  const trimmed = ua?.trim();
  if (!trimmed) return null;
  const parser = new UAParser(trimmed.slice(0, MAX_UA_LENGTH));
  const os = parser.getOS();
  const browser = parser.getBrowser();
  const parts = [osLabel(os.name, os.version), browserLabel(browser.name, browser.major)].filter(
    (part): part is string => Boolean(part),
  );
  return parts.length > 0 ? parts.join(" · ") : null;
}

export type BrowserPlatform = "web-pc" | "web-mobile" | "web-pad";

/**
 * Tablets are web-pad, phones (and watches) web-mobile, anything else web-pc. An iPad in its
 * default desktop mode sends a Mac user agent and counts as web-pc: nothing in the UA tells
 * them apart.
 */
export function platformFromUserAgent(ua: string | null): BrowserPlatform {
  const trimmed = ua?.trim();
  if (!trimmed) return "web-pc";
  const { type } = new UAParser(trimmed.slice(0, MAX_UA_LENGTH)).getDevice();
  if (type === "tablet") return "web-pad";
  if (type === "mobile" || type === "wearable") return "web-mobile";
  return "web-pc";
}
