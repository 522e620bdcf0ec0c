"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { browser } from "@/lib/bridge/browser";
import { createNativeBridge, NativeBridgeError, type NativeBridge } from "@/lib/bridge/native";
import { brandCodeOf, DEFAULT_BRAND, isLowAppVersion, type BrandCode } from "@/lib/launch/brands";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * "Sign in with the app" in a native app's webview (SPEC §7; docs/native-bridge.md). Only when
 * the launch context names an app version (`av`) that is not a low version (SPEC §5): a browser
 * never calls the loopback port. When the bridge answers within 1 s, the app's own sign-in
 * screen can be opened; its token comes back into the portal as `?ut=` on a navigation, which
 * the proxy takes at once: the portal's own page navigated there (lib/session/address-token.ts).
 */
function nativeLaunch(): { av: string; brand: BrandCode } | null {
  const query = new URLSearchParams(window.location.search);
  const av = query.get("av")?.trim();
  if (!av) return null;
  const brand = brandCodeOf(query.get("p")) ?? DEFAULT_BRAND;
  const s = query.get("s")?.toLowerCase();
  const system = s === "mobile" || s === "pad" ? s : "pc";
  return isLowAppVersion({ p: brand, s: system, av }) ? null : { av, brand };
}

/** `bridgeOrigin`: SPEC §7's 127.0.0.1:9527 unless a test runs its bridge elsewhere. */
export function NativeSignIn({ lang, bridgeOrigin }: { lang: string; bridgeOrigin?: string }) {
  const t = useTranslations("embed");
  const [bridge, setBridge] = useState<{ client: NativeBridge; brand: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<"nativeCancelled" | "nativeUnavailable" | null>(null);

  useEffect(() => {
    const launch = nativeLaunch();
    if (!launch) return;
    const client = createNativeBridge({ appVersion: launch.av, origin: bridgeOrigin });
    let live = true;
    client.appVersion().then(
      () => live && setBridge({ client, brand: launch.brand }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [bridgeOrigin]);

  async function signInWithApp() {
    if (!bridge) return;
    setPending(true);
    setNote(null);
    try {
      const { utoken } = await bridge.client.openLogin({ lang, brand: bridge.brand });
      const next = new URL(window.location.href);
      next.searchParams.set("ut", utoken);
      browser.assign(next.href);
    } catch (error) {
      setNote(error instanceof NativeBridgeError && (error.reason === "cancelled" || error.reason === "denied") ? "nativeCancelled" : "nativeUnavailable");
      setPending(false);
    }
  }

  if (!bridge) return null;
  return (
    <div className="mt-4 flex flex-col gap-2">
      <Button variant="secondary" onClick={signInWithApp} pending={pending}>
        {t("nativeSignIn")}
      </Button>
      {note ? <Alert tone="error">{t(note)}</Alert> : null}
    </div>
  );
}
