"use client";

import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A part of a screen loaded only when it is shown (React.lazy rather than next/dynamic, whose
 * loader adds a kilobyte to every public page's first load). `clientOnly` parts are never
 * rendered by the server: they need the browser (widgets, timers).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, Loading: () => ReactNode, clientOnly = false) {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    const hydrated = useHydrated();
    if (clientOnly && !hydrated) return <Loading />;
    return (
      <Suspense fallback={<Loading />}>
        <Part {...props} />
      </Suspense>
    );
  };
}
