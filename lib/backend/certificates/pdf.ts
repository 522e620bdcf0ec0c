import * as fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import subsetFont from "subset-font";
import type { TrainingCourse } from "@/lib/contract/rules";
import type { Lang } from "../lang";
import { certificateFonts, splitRuns, type LoadedFont } from "./fonts";

/**
 * The pre-use training certificate: an A4 landscape PDF with the holder's name, the course, the
 * completion date (YYYY-MM-DD) and the certificate id, in the user's language. Fonts are
 * subset to the characters used, so a certificate is a few tens of KB.
 */
export type CertificateInput = { name: string; course: TrainingCourse; certId: string; completedAt: Date; lang: Lang };

const TEXT: Record<Lang, { title: Record<TrainingCourse, string>; certifies: string; completed: Record<TrainingCourse, string>; date: string; id: string; issuer: string }> = {
  en: {
    title: { laser: "Laser Safety Training Certificate", printer: "Printer Safety Training Certificate" },
    certifies: "This certifies that",
    completed: {
      laser: "has completed the pre-use safety training for laser devices.",
      printer: "has completed the pre-use safety training for printers.",
    },
    date: "Date of completion",
    id: "Certificate ID",
    issuer: "Passport · Safety training",
  },
  zh: {
    title: { laser: "激光安全培训证书", printer: "打印机安全培训证书" },
    certifies: "兹证明",
    completed: { laser: "已完成激光设备使用前安全培训。", printer: "已完成打印机使用前安全培训。" },
    date: "完成日期",
    id: "证书编号",
    issuer: "Passport · 安全培训",
  },
};

const PAGE = { width: 842, height: 595 };
const PRIMARY = rgb(40 / 255, 190 / 255, 68 / 255);
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.4, 0.4, 0.4);
const NAME_MAX_SIZE = 34;

type Embedded = Map<LoadedFont, PDFFont>;

/** Embeds each font needed, subset to exactly the characters it draws. */
async function embedFonts(doc: PDFDocument, fonts: LoadedFont[], texts: string[]): Promise<Embedded> {
  const used = new Map<LoadedFont, Set<string>>();
  for (const run of texts.flatMap((text) => splitRuns(text, fonts))) {
    const chars = used.get(run.font) ?? new Set<string>();
    for (const char of run.text) chars.add(char);
    used.set(run.font, chars);
  }
  const embedded: Embedded = new Map();
  for (const [font, chars] of used) {
    const subset = await subsetFont(font.bytes, [...chars].join(""), { targetFormat: "truetype" });
    // no ligatures: a ligature glyph ("fi") would not copy or search as its letters
    embedded.set(font, await doc.embedFont(subset, { subset: false, features: { liga: false, clig: false, dlig: false } }));
  }
  return embedded;
}

function width(text: string, size: number, fonts: LoadedFont[], embedded: Embedded): number {
  return splitRuns(text, fonts).reduce((sum, run) => sum + (embedded.get(run.font)?.widthOfTextAtSize(run.text, size) ?? 0), 0);
}

/** Draws a line centred on the page, switching fonts where the script changes. */
function centred(page: PDFPage, text: string, y: number, size: number, fonts: LoadedFont[], embedded: Embedded, color = INK): void {
  let x = (PAGE.width - width(text, size, fonts, embedded)) / 2;
  for (const run of splitRuns(text, fonts)) {
    const font = embedded.get(run.font);
    if (!font) continue;
    page.drawText(run.text, { x, y, size, font, color });
    x += font.widthOfTextAtSize(run.text, size);
  }
}

export async function renderCertificate(input: CertificateInput): Promise<Uint8Array> {
  const t = TEXT[input.lang];
  const name = input.name.trim().slice(0, 80) || "—";
  const date = input.completedAt.toISOString().slice(0, 10);
  const separator = input.lang === "zh" ? "：" : ": ";
  const lines = {
    title: t.title[input.course],
    certifies: t.certifies,
    completed: t.completed[input.course],
    date: `${t.date}${separator}${date}`,
    id: `${t.id}${separator}${input.certId}`,
    issuer: t.issuer,
  };
  const fonts = await certificateFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${lines.title} · ${input.certId}`);
  doc.setSubject(input.certId);
  doc.setProducer("Passport");
  const embedded = await embedFonts(doc, fonts, [...Object.values(lines), name]);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  page.drawRectangle({ x: 24, y: 24, width: PAGE.width - 48, height: PAGE.height - 48, borderColor: PRIMARY, borderWidth: 4 });
  page.drawRectangle({ x: 36, y: 36, width: PAGE.width - 72, height: PAGE.height - 72, borderColor: PRIMARY, borderWidth: 1 });
  centred(page, lines.title, 470, 30, fonts, embedded, PRIMARY);
  centred(page, lines.certifies, 400, 16, fonts, embedded, MUTED);
  // a long name shrinks to fit between the borders
  const nameSize = Math.min(NAME_MAX_SIZE, (NAME_MAX_SIZE * (PAGE.width - 160)) / Math.max(1, width(name, NAME_MAX_SIZE, fonts, embedded)));
  centred(page, name, 340, nameSize, fonts, embedded);
  page.drawLine({ start: { x: 221, y: 328 }, end: { x: 621, y: 328 }, thickness: 0.8, color: MUTED });
  centred(page, lines.completed, 290, 16, fonts, embedded);
  centred(page, lines.date, 200, 14, fonts, embedded);
  centred(page, lines.id, 175, 14, fonts, embedded);
  centred(page, lines.issuer, 80, 11, fonts, embedded, MUTED);
  return doc.save();
}
