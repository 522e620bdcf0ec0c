/**
 * The Lighthouse part of `npm run bench` (docs/performance.md, "Lighthouse"), its pure half: the
 * goals, the verdict of a page's scores, the audits that cost a missed score, and the table. No
 * browser here: tests/unit/bench/lighthouse.test.ts checks all of it.
 */

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];
export const FORM_FACTORS = ["mobile", "desktop"] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

const LABELS: Record<Category, string> = { performance: "perf", accessibility: "a11y", "best-practices": "best pr.", seo: "SEO" };

/** Issue 35: 100 in every category on desktop; on a phone (slow 4G, 4× slower CPU, simulated) performance ≥ 98. */
export function goalOf(formFactor: FormFactor, category: Category): number {
  return formFactor === "mobile" && category === "performance" ? 98 : 100;
}

/**
 * The part of a Lighthouse result (LH.Result) this report reads: structural, so a real result
 * fits it and the tests can write small ones.
 */
export type LhrLike = {
  categories: Partial<Record<string, { score: number | null; auditRefs: readonly { id: string; weight: number }[] }>>;
  audits: Partial<Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>>;
  lighthouseVersion?: string;
};

/** A category's score out of 100 as Lighthouse shows it, or null when the category did not score (an error). */
export function scoreOf(lhr: LhrLike, category: Category): number | null {
  const score = lhr.categories[category]?.score;
  return typeof score === "number" ? Math.round(score * 100) : null;
}

export type Scores = Record<Category, number | null>;

export const scoresOf = (lhr: LhrLike): Scores => Object.fromEntries(CATEGORIES.map((category) => [category, scoreOf(lhr, category)])) as Scores;

/** The median of the runs' scores of one category (the lower middle of an even count); null if a run had none. */
export function medianScore(values: readonly (number | null)[]): number | null {
  if (values.length === 0 || values.some((value) => value === null)) return null;
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/** The categories whose score misses its goal (a missing score misses). */
export function missed(formFactor: FormFactor, scores: Scores): Category[] {
  return CATEGORIES.filter((category) => {
    const score = scores[category];
    return score === null || score < goalOf(formFactor, category);
  });
}

export type FailingAudit = { id: string; title: string; score: number; weight: number; displayValue?: string };

/**
 * The audits that cost a category its points, worst first: each scored audit below 1, by the
 * points it takes off (its weight × what it lacks), then the unweighted ones (Lighthouse's
 * insights and diagnostics of a performance score: they say why a metric is slow).
 */
export function failingAudits(lhr: LhrLike, category: Category, limit = 5): FailingAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const failing: FailingAudit[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || typeof audit.score !== "number" || audit.score >= 1) continue;
    if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
    failing.push({ id: audit.id, title: audit.title, score: audit.score, weight: ref.weight, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) });
  }
  const lost = (audit: FailingAudit) => audit.weight * (1 - audit.score);
  return failing.sort((a, b) => lost(b) - lost(a) || a.score - b.score).slice(0, limit);
}

/**
 * One page in one form factor: each run's result, in order. A reference is a page of the bare
 * Next app (bench/baseline), audited the same way for scale: what Next itself scores on this
 * machine. It has no goal, and its line never fails the part.
 */
export type PageRuns = { page: string; formFactor: FormFactor; runs: readonly LhrLike[]; reference?: boolean };

export type Line = { page: string; formFactor: FormFactor; scores: Scores; ranges: Record<Category, string>; pass: boolean; reference: boolean; why: { category: Category; score: number | null; audits: FailingAudit[] }[] };

/**
 * A page's line: the median of each category over the runs, judged against its goal; for a
 * missed category, the failing audits of a run that scored the median (the reader sees why).
 */
export function lineOf(result: PageRuns): Line {
  const perRun = result.runs.map(scoresOf);
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, medianScore(perRun.map((run) => run[category]))])) as Scores;
  const ranges = Object.fromEntries(
    CATEGORIES.map((category) => {
      const values = perRun.map((run) => run[category]).filter((value): value is number => value !== null);
      const [low, high] = [Math.min(...values), Math.max(...values)];
      return [category, values.length === 0 ? "-" : low === high ? String(low) : `${low}–${high}`];
    }),
  ) as Record<Category, string>;
  const why = missed(result.formFactor, scores).map((category) => {
    const at = perRun.findIndex((run) => run[category] === scores[category]);
    const run = result.runs[at >= 0 ? at : 0];
    return { category, score: scores[category], audits: run ? failingAudits(run, category) : [] };
  });
  const reference = result.reference === true;
  return { page: result.page, formFactor: result.formFactor, scores, ranges, pass: reference || why.length === 0, reference, why };
}

const goalText = (formFactor: FormFactor) => CATEGORIES.map((category) => (goalOf(formFactor, category) === 100 ? "100" : `≥ ${goalOf(formFactor, category)}`)).join(" / ");

/** The bench's table style: a header, dashes, the first column left-aligned, the rest right-aligned. */
export function table(lines: readonly Line[]): string {
  const header = ["page", "form factor", ...CATEGORIES.map((category) => LABELS[category]), "goal", "pass/fail"];
  const cells = lines.map((line) => [
    line.page,
    line.formFactor,
    ...CATEGORIES.map((category) => (line.scores[category] === null ? "error" : String(line.scores[category]))),
    line.reference ? "-" : goalText(line.formFactor),
    line.reference ? "-" : line.pass ? "pass" : "FAIL",
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => (cell[i] ?? "").length)));
  const row = (cell: readonly string[]) => cell.map((value, i) => (i < 2 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0))).join("  ").trimEnd();
  return [row(header), row(widths.map((width) => "-".repeat(width))), ...cells.map(row)].join("\n");
}

/** The notes under the table: each run's spread where runs disagreed, and why each missed score missed. */
export function notes(lines: readonly Line[], runs: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const spread = CATEGORIES.filter((category) => line.ranges[category].includes("–")).map((category) => `${LABELS[category]} ${line.ranges[category]}`);
    if (runs > 1 && spread.length > 0) out.push(`${line.page} ${line.formFactor}: the ${runs} runs ranged ${spread.join(", ")}`);
    for (const miss of line.why) {
      const audits = miss.audits.map((audit) => `${audit.id} (${audit.title}${audit.displayValue ? `, ${audit.displayValue}` : ""}; score ${audit.score.toFixed(2)}, weight ${Number(audit.weight.toFixed(1))})`);
      const below = line.reference ? ` (below the portal's goal of ${goalOf(line.formFactor, miss.category)})` : "";
      out.push(`${line.page} ${line.formFactor} ${miss.category} ${miss.score ?? "error"}${below}: ${audits.length > 0 ? audits.join("; ") : "no failing audit reported (see the run's warnings)"}`);
    }
  }
  return out;
}
