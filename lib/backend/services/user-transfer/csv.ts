/**
 * RFC 4180 CSV: quoted fields with "" for a quote and line breaks inside quotes; CRLF or LF;
 * a leading byte-order mark ignored. Each record keeps the line it starts on, for the import's
 * report. An unterminated quote throws CsvError with that line.
 */
export class CsvError extends Error {
  constructor(readonly line: number) {
    super(`unterminated quote in the record starting on line ${line}`);
  }
}

export type CsvRecord = { line: number; cells: string[] };

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let start = 1;
  let quoted = false;
  let index = 0;
  const endRecord = () => {
    cells.push(cell);
    // blank lines carry no record
    if (cells.length > 1 || cells[0] !== "") records.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  while (index < source.length) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
      index++;
      continue;
    }
    if (char === '"' && cell === "") quoted = true;
    else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[index + 1] === "\n") index++;
      endRecord();
      line++;
      start = line;
    } else cell += char;
    index++;
  }
  if (quoted) throw new CsvError(start);
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}
