/**
 * The services keep "until the end of day D" as the next day's 00:00 UTC (an exclusive end);
 * the screens show D, the last day, as the operator typed it.
 */
export function lastDay(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : new Date(time - 1).toISOString().slice(0, 10);
}
