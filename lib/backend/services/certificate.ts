import type { Lang } from "../lang";
import { finishedCertificate } from "./safety";
import type { UserRow } from "./users";

/** The PDF of a completed certificate, named after the user's nickname (their email when they have none). */
export async function certificatePdf(user: UserRow, certId: string, lang: Lang): Promise<{ bytes: Uint8Array; fileName: string }> {
  const certificate = await finishedCertificate(user, certId);
  // pdf-lib, fontkit and subset-font are loaded on the first certificate, not at server start
  // (about a tenth of a cold start's module loading: docs/performance.md, "Cold start")
  const { renderCertificate } = await import("../certificates/pdf");
  const bytes = await renderCertificate({
    name: user.nickname?.trim() || user.email,
    course: certificate.course,
    certId: certificate.certId,
    completedAt: certificate.completedAt,
    lang,
  });
  return { bytes, fileName: `certificate-${certificate.certId}.pdf` };
}
