"use client";

import { useEffect, useState, type ComponentType } from "react";

/**
 * The sign-in screens' extras for a host's frame (framed-sign-in.tsx) and a native app's webview
 * (native-sign-in.tsx), loaded only there: an ordinary visit loads neither.
 */
type Extra = { key: "framed" | "native"; Component: ComponentType<{ lang: string }> };

export function EmbedSignIn({ lang }: { lang: string }) {
  const [extras, setExtras] = useState<Extra[]>([]);
  useEffect(() => {
    let live = true;
    const add = (extra: Extra) => live && setExtras((current) => [...current, extra]);
    if (window.parent !== window) void import("./framed-sign-in").then((module) => add({ key: "framed", Component: module.FramedSignIn }));
    if (new URLSearchParams(window.location.search).get("av")) void import("./native-sign-in").then((module) => add({ key: "native", Component: module.NativeSignIn }));
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      {extras.map(({ key, Component }) => (
        <Component key={key} lang={lang} />
      ))}
    </>
  );
}
