"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { textList } from "@/lib/i18n/message-list";
import type { LegalDoc } from "./legal-doc";

type Props = { doc: LegalDoc; open: boolean; onOpenChange: (open: boolean) => void; onClosed: () => void };

/** The privacy policy or terms of use in a modal dialog (loaded by legal-dialog.tsx on first use). */
export function LegalDocument({ doc, open, onOpenChange, onClosed }: Props) {
  const t = useTranslations("legal");
  const paragraphs = textList(t.raw(`${doc}.body`));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // the button that opened it is outside the dialog: focus goes back there
            event.preventDefault();
            onClosed();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[80dvh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">{t(`${doc}.title`)}</Dialog.Title>
          <Dialog.Description className="mt-1 text-xs text-muted">{t(`${doc}.summary`)}</Dialog.Description>
          <div className="mt-4 space-y-3 text-sm leading-6 text-gray-700">
            {paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <Dialog.Close className="mt-6 inline-flex h-10 items-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-hover">
            {t("close")}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
