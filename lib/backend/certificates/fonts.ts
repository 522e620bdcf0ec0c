import fs from "node:fs";
import * as fontkit from "@pdf-lib/fontkit";
import path from "node:path";
import { singleton } from "../singleton";

/**
 * The fonts a certificate is written in, from npm packages (SIL Open Font License): Noto Sans for
 * Latin, Greek and Cyrillic, Noto Sans SC for Chinese and Japanese kana, Noto Sans KR for Hangul.
 * Each character is drawn with the first font that has it; a PDF embeds only the glyphs it uses
 * (subset-font, HarfBuzz's subsetter). Right-to-left and Indic scripts are not shaped (see docs).
 */
type FontFace = { name: string; file: string[] };

export const CERTIFICATE_FONTS: readonly FontFace[] = [
  { name: "latin", file: ["@embedpdf", "fonts-latin", "fonts", "NotoSans-Regular.ttf"] },
  { name: "sc", file: ["@expo-google-fonts", "noto-sans-sc", "400Regular", "NotoSansSC_400Regular.ttf"] },
  { name: "kr", file: ["@embedpdf", "fonts-kr", "fonts", "NotoSansKR-Regular.otf"] },
];

export type LoadedFont = { name: string; bytes: Buffer; has: (codePoint: number) => boolean };

/** Read from node_modules of the working directory (the project root under npm start, the services and jest). */
function fontPath(parts: string[]): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules", ...parts);
}

async function load(): Promise<LoadedFont[]> {
  return Promise.all(
    CERTIFICATE_FONTS.map(async (face) => {
      const bytes = await fs.promises.readFile(fontPath(face.file));
      const font = fontkit.create(bytes);
      const covered = new Set(font.characterSet);
      return { name: face.name, bytes, has: (codePoint: number) => covered.has(codePoint) };
    }),
  );
}

/** Loaded once per process (~15 MB), on the first certificate. */
export function certificateFonts(): Promise<LoadedFont[]> {
  const pending = singleton("certificateFonts", load);
  return pending;
}

export type TextRun = { font: LoadedFont; text: string };

/** Splits a text into runs of one font each; a character no font has becomes "?". */
export function splitRuns(text: string, fonts: LoadedFont[]): TextRun[] {
  const runs: TextRun[] = [];
  const fallback = fonts[0];
  if (!fallback) return runs;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 63;
    const font = /\s/.test(char) ? (runs.at(-1)?.font ?? fallback) : (fonts.find((candidate) => candidate.has(codePoint)) ?? fallback);
    const shown = font.has(codePoint) || /\s/.test(char) ? char : "?";
    const last = runs.at(-1);
    if (last && last.font === font) last.text += shown;
    else runs.push({ font, text: shown });
  }
  return runs;
}
