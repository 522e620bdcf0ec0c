"use client";

import { useTranslations } from "next-intl";

/** An empty tab: the host's picture (`emptyDataImg`) or a plain envelope, and a line of text. */
export function EmptyMessages({ image }: { image: string | null }) {
  const t = useTranslations("messageCentre");
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      {image ? (
        // eslint-disable-next-line @next/next/no-img-element -- a host's picture of any size and origin
        <img src={image} alt="" className="h-28 w-auto" data-testid="empty-image" />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 64 48" className="h-16 w-auto text-gray-300" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="4" y="4" width="56" height="40" rx="4" />
          <path d="M6 8l26 20L58 8" />
        </svg>
      )}
      <p className="text-sm text-muted">{t("empty")}</p>
    </div>
  );
}
