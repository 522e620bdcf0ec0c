"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { fetchApi } from "@/lib/session/api-answer";
import { announce } from "@/lib/analytics/announce";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { useErrorText } from "@/components/auth/use-error-text";
import type { TrainingPageRef } from "./page-ref";
import { textList } from "@/lib/i18n/message-list";

type Props = { page: TrainingPageRef; certId: string | null; finished: boolean };

const NAME = "certificateProcess";

/** Saves bytes as a file the way a download link would. */
function save(base64: string, fileName: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Certificate process": how a certificate is earned and, once the course is completed, its
 * PDF in the page's language. The control carries data-analytics-id="certificateProcess"; the
 * dialog announces dialogOperation open, close and download.
 */
export function CertificateDialog({ page, certId, finished }: Props) {
  const t = useTranslations("training.certificate");
  const text = useErrorText();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const steps = textList(t.raw("steps"));

  function onOpenChange(next: boolean) {
    setOpen(next);
    setError(null);
    announce({ event: "dialogOperation", name: NAME, type: next ? "open" : "close" });
  }

  async function download() {
    if (!certId) return;
    setBusy(true);
    setError(null);
    const params = new URLSearchParams(page.query);
    params.delete("r");
    params.set("lang", page.lang);
    params.set("certId", certId);
    const answer = await fetchApi<{ fileName: string; pdf: string }>(`/api/training/certificate?${params}`, { cache: "no-store" });
    setBusy(false);
    if (!answer.ok) {
      if (answer.error.redirect) window.location.assign(answer.error.redirect);
      setError(text.action(answer.error));
      return;
    }
    save(answer.data.pdf, answer.data.fileName);
    announce({ event: "dialogOperation", name: NAME, type: "download" });
  }

  const trigger = (
    <Button variant="secondary" className="h-9" data-analytics-id={NAME}>
      {t("open")}
    </Button>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={t("title")}>
      <div className="flex flex-col gap-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-800">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {finished && certId ? (
          <Button onClick={download} pending={busy}>
            {t("download")}
          </Button>
        ) : (
          <p className="text-sm text-muted">{t("notYet")}</p>
        )}
        <DialogClose asChild>
          <Button variant="secondary" className="self-end">
            {t("close")}
          </Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
