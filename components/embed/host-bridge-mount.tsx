"use client";

import { useEffect, useState, type ComponentType } from "react";

/**
 * The host bridge of every page, mounted once in the root layout. Outside a frame and a window
 * something opened it loads nothing at all (the public pages' script budget); there it loads the
 * bridge (host-bridge-active.tsx).
 */
type Active = ComponentType<{ lang: string }>;

export function HostBridgeMount({ lang }: { lang: string }) {
  const [Bridge, setBridge] = useState<Active | null>(null);
  useEffect(() => {
    if (window.parent === window && !window.opener) return;
    let live = true;
    void import("./host-bridge-active").then((module) => live && setBridge(() => module.HostBridgeActive));
    return () => {
      live = false;
    };
  }, []);
  return Bridge ? <Bridge lang={lang} /> : null;
}
