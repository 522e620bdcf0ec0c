"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { textList } from "@/lib/i18n/message-list";

type Doc = "privacy" | "terms";

/** The privacy policy or terms of use, readable without leaving the form. */
export function LegalDialog({ doc }: { doc: Doc }) {
  const t = useTranslations("legal");
  const paragraphs = textList(t.raw(`${doc}.body`));
  return (
    <Dialog.Root>
      <Dialog.Trigger className="font-medium text-primary-strong underline-offset-2 hover:underline">{t(`${doc}.title`)}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[80dvh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-gray-900">{t(`${doc}.title`)}</Dialog.Title>
          <Dialog.Description className="mt-1 text-xs text-muted">{t("updated")}</Dialog.Description>
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
