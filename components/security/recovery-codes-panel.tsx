"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyButton } from "./copy-button";

type Props = { codes: string[]; onDone: () => void };

/** The text file a user downloads: what the codes are for, then one code a line. */
export function recoveryCodesFile(codes: string[], heading: string): string {
  return `${heading}\n\n${codes.join("\n")}\n`;
}

/**
 * The ten recovery codes, shown this once (after turning two-step on or making new ones): copy
 * them, download them as a .txt file, then say they are saved. Focus moves to the panel so a
 * screen reader hears the warning first.
 */
export function RecoveryCodesPanel({ codes, onDone }: Props) {
  const t = useTranslations("twoStep.codes");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  function download() {
    const blob = new Blob([recoveryCodesFile(codes, t("fileHeading"))], { type: "text/plain;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = "passport-recovery-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold text-amber-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong">
        {t("title")}
      </h3>
      <p className="text-sm text-amber-900">{t("warning")}</p>
      <ul aria-label={t("listLabel")} className="grid grid-cols-1 gap-1 font-mono text-sm text-gray-900 min-[360px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={codes.join("\n")} label={t("copy")} />
        <Button type="button" variant="secondary" className="h-9" onClick={download}>
          {t("download")}
        </Button>
        <Button type="button" className="h-9" onClick={onDone}>
          {t("done")}
        </Button>
      </div>
    </div>
  );
}
