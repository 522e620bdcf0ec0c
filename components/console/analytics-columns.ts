import type { Dashboard } from "@/lib/contract/console/screens";

/** One column of the dashboard's numbers: a heading and a value per day. */
export type Column = { key: string; heading: string; values: number[] };

export type ColumnLabels = {
  signIns: string;
  registrations: string;
  redemptions: string;
  failure: (code: string) => string;
  code: (purpose: string) => string;
  event: (event: string) => string;
};

/** Every series of a dashboard as columns, in the order the table and the CSV show them. */
export function dashboardColumns(board: Dashboard, labels: ColumnLabels): Column[] {
  return [
    { key: "signIns", heading: labels.signIns, values: board.signIns },
    { key: "registrations", heading: labels.registrations, values: board.registrations },
    { key: "redemptions", heading: labels.redemptions, values: board.redemptions },
    ...board.failures.map((series) => ({ key: `failure:${series.label}`, heading: labels.failure(series.label), values: series.values })),
    ...board.codesSent.map((series) => ({ key: `code:${series.label}`, heading: labels.code(series.label), values: series.values })),
    ...board.events.map((series) => ({ key: `event:${series.label}`, heading: labels.event(series.label), values: series.values })),
  ];
}

const cell = (value: string) => (/[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The day-by-day numbers as CSV (RFC 4180; a cell that a spreadsheet would run as a formula is quoted). */
export function dashboardCsv(days: string[], columns: Column[], dayHeading: string): string {
  const lines = [[dayHeading, ...columns.map((column) => column.heading)].map(cell).join(",")];
  days.forEach((day, index) => lines.push([day, ...columns.map((column) => String(column.values[index] ?? 0))].join(",")));
  return `${lines.join("\r\n")}\r\n`;
}
