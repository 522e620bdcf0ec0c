"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { lazyPart } from "@/components/ui/lazy-part";

import type { LegalDoc } from "./legal-doc";
export type { LegalDoc } from "./legal-doc";

/** Shown while the dialog's script loads: nothing, the button stays where it is. */
function Nothing() {
  return null;
}

const LegalDocument = lazyPart(() => import("./legal-document").then((module) => module.LegalDocument), Nothing, true);

/**
 * The privacy policy or terms of use, readable without leaving the form. The dialog (and its
 * library) loads on the first click, so the register page's first load stays inside its budget.
 */
export function LegalDialog({ doc }: { doc: LegalDoc }) {
  const t = useTranslations("legal");
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="font-medium text-primary-strong underline-offset-2 hover:underline"
      >
        {t(`${doc}.title`)}
      </button>
      {used ? <LegalDocument doc={doc} open={open} onOpenChange={setOpen} onClosed={() => button.current?.focus()} /> : null}
    </>
  );
}
