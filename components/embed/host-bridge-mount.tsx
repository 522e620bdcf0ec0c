"use client";

import { useEffect, useState, type ComponentType } from "react";
import { EMBED_PARAM, WINDOW_MODE } from "@/lib/contract/embed-param";

/**
 * The host bridge of every page, mounted once in the root layout. Outside a frame and a window
 * something opened it loads nothing at all (the public pages' script budget); there it loads the
 * bridge (host-bridge-active.tsx).
 */
type Active = ComponentType<{ lang: string }>;

export function HostBridgeMount({ lang }: { lang: string }) {
  const [Bridge, setBridge] = useState<Active | null>(null);
  useEffect(() => {
    if (window.parent === window && !window.opener) {
      // a window-mode address that nothing opened (a copied link): without the parameter the
      // guard sends a signed-in user on as usual
      const here = new URL(window.location.href);
      if (here.searchParams.get(EMBED_PARAM) !== WINDOW_MODE) return;
      here.searchParams.delete(EMBED_PARAM);
      window.location.replace(here.href);
      return;
    }
    let live = true;
    void import("./host-bridge-active").then((module) => live && setBridge(() => module.HostBridgeActive));
    return () => {
      live = false;
    };
  }, []);
  return Bridge ? <Bridge lang={lang} /> : null;
}
