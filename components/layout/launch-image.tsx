"use client";

import { Suspense } from "react";
import { useSearchParams } from "next/navigation";
import { safeImage } from "@/lib/launch/image";

const CLASS = "absolute inset-0 h-full w-full object-cover";

/** The home image: the host's `img` when it is an allowed image (lib/launch/context.ts), else ours. */
export function LaunchImage({ fallback, imageHosts }: { fallback: string; imageHosts: readonly string[] }) {
  return (
    <Suspense fallback={<Picture src={fallback} />}>
      <FromAddress fallback={fallback} imageHosts={imageHosts} />
    </Suspense>
  );
}

function FromAddress({ fallback, imageHosts }: { fallback: string; imageHosts: readonly string[] }) {
  const given = useSearchParams().get("img");
  return <Picture src={(given && safeImage(given.trim(), imageHosts)) || fallback} />;
}

function Picture({ src }: { src: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- the host may pass an image on its own host
  return <img src={src} alt="" className={CLASS} />;
}
