"use client";

import { useEffect, useRef, useState } from "react";
import { usePathname } from "next/navigation";
import { followHeight, isFramed, listenToHost, parentOrigin, postToParent } from "@/lib/bridge/host-bridge";
import { handSessionToOpener, isWindowLaunch } from "@/lib/bridge/window-mode";
import { routeRule } from "@/lib/session/routes";

/**
 * The host bridge at work (docs/host-protocol.md), loaded by HostBridgeMount only in a frame or a
 * window something opened. In a frame it tells the parent it is ready, its height on every layout
 * change and each route change, and reloads when the parent says so. In a window a host opened on
 * a login page, it hands a signed-in user to the opener (SPEC §4).
 */
function isLoginPage(pathname: string): boolean {
  const rest = pathname.split("/").filter(Boolean).slice(1).join("/");
  return routeRule(rest)?.kind === "login";
}

export function HostBridgeActive({ lang }: { lang: string }) {
  const pathname = usePathname();
  const [origin, setOrigin] = useState<string | null>(null);
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!isFramed()) {
      if (isWindowLaunch() && isLoginPage(window.location.pathname)) void handSessionToOpener(lang);
      return;
    }
    const parent = parentOrigin();
    if (!parent) return;
    // the page is as tall as its content, not the frame (globals.css), so the host can follow it
    document.documentElement.dataset.embedded = "frame";
    reported.current = window.location.pathname;
    postToParent({ type: "ready", lang, path: window.location.pathname }, parent);
    const stopListening = listenToHost(parent);
    const stopFollowing = followHeight(parent);
    const timer = window.setTimeout(() => setOrigin(parent), 0);
    return () => {
      window.clearTimeout(timer);
      stopListening();
      stopFollowing();
    };
  }, [lang]);

  useEffect(() => {
    if (!origin || reported.current === pathname) return;
    reported.current = pathname;
    postToParent({ type: "route", lang, path: pathname }, origin);
  }, [origin, pathname, lang]);

  return null;
}
