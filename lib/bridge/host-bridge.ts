import { embedHeight, envelope, readHostMessage, type PortalMessage } from "@/lib/contract/host-bridge";
import { browser } from "./browser";
import { readPageValue, writePageValue } from "./page-storage";

/**
 * The portal's side of the host bridge (docs/host-protocol.md), client-only. In a frame it posts
 * to `window.parent`, and only with the parent's exact origin as targetOrigin: the browser
 * delivers a message to no one else, so a token cannot reach a page that merely guessed. The
 * frame can only render under an allowlisted ancestor at all (CSP frame-ancestors). It accepts
 * only messages whose source is the parent window and whose origin is the parent's, checked
 * against the contract.
 */
const HOST_ORIGIN_KEY = "passport:host-origin";

export function isFramed(): boolean {
  return window.parent !== window;
}

function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}


/**
 * The parent's origin: location.ancestorOrigins (Chromium, WebKit: set by the browser), else the
 * referrer of the frame's first page (the host script asks for `referrerpolicy="origin"`),
 * remembered for the frame's later pages (Firefox).
 */
export function parentOrigin(): string | null {
  if (!isFramed()) return null;
  const ancestors = window.location.ancestorOrigins;
  const fromAncestors = ancestors && ancestors.length > 0 ? originOf(ancestors[0]) : null;
  if (fromAncestors) return fromAncestors;
  const referrer = originOf(document.referrer);
  if (referrer && referrer !== window.location.origin) {
    writePageValue(HOST_ORIGIN_KEY, referrer);
    return referrer;
  }
  return originOf(readPageValue(HOST_ORIGIN_KEY));
}

/** Posts one message to a window at exactly `origin`. */
export function postTo(target: Window, origin: string, message: PortalMessage): void {
  try {
    target.postMessage(envelope(message), origin);
  } catch {
    // a closed window or a malformed origin: nothing to deliver
  }
}

/** Posts to the parent frame, if this page is framed and knows its parent's origin. */
export function postToParent(message: PortalMessage, origin: string | null = parentOrigin()): void {
  if (isFramed() && origin) postTo(window.parent, origin, message);
}

/**
 * Listens for the host's messages: only from the parent window at its origin, only what the
 * contract knows. `reload` reloads the page.
 */
export function listenToHost(origin: string, onReload: () => void = () => browser.reload()): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== origin) return;
    if (readHostMessage(event.data)?.type === "reload") onReload();
  };
  window.addEventListener("message", onMessage);
  return () => window.removeEventListener("message", onMessage);
}

/** The page's own height, without the viewport-filling minimum (globals.css, data-embedded). */
function contentHeight(): number {
  return document.body.getBoundingClientRect().height;
}

/** Reports the height on every layout change, never below 520 (SPEC §2, §9). */
export function followHeight(origin: string): () => void {
  let last = 0;
  const report = () => {
    const height = embedHeight(contentHeight());
    if (height === last) return;
    last = height;
    postTo(window.parent, origin, { type: "height", height });
  };
  report();
  if (typeof ResizeObserver === "undefined") {
    const timer = window.setInterval(report, 500);
    return () => window.clearInterval(timer);
  }
  const observer = new ResizeObserver(report);
  observer.observe(document.body);
  return () => observer.disconnect();
}
