import { failingAudits, goalOf, lineOf, medianScore, missed, notes, scoresOf, table, type LhrLike } from "@/bench/lighthouse/report";

/** The Lighthouse part of `npm run bench`: its goals, verdicts and table (the browser runs themselves are never tested). */

type Audit = { id: string; title: string; score: number | null; scoreDisplayMode?: string; displayValue?: string; weight?: number };

/** A small Lighthouse result: the four category scores, and the performance category's audits. */
function lhr(scores: { performance: number; accessibility?: number; "best-practices"?: number; seo?: number }, performanceAudits: Audit[] = []): LhrLike {
  const category = (score: number, audits: Audit[] = []) => ({ score, auditRefs: audits.map((audit) => ({ id: audit.id, weight: audit.weight ?? 0 })) });
  return {
    categories: {
      performance: category(scores.performance, performanceAudits),
      accessibility: category(scores.accessibility ?? 1),
      "best-practices": category(scores["best-practices"] ?? 1),
      seo: category(scores.seo ?? 1),
    },
    audits: Object.fromEntries(performanceAudits.map((audit) => [audit.id, { scoreDisplayMode: "numeric", ...audit }])),
  };
}

const LCP: Audit = { id: "largest-contentful-paint", title: "Largest Contentful Paint", score: 0.8, displayValue: "2.9 s", weight: 25 };
const TBT: Audit = { id: "total-blocking-time", title: "Total Blocking Time", score: 0.95, displayValue: "210 ms", weight: 30 };
const FCP: Audit = { id: "first-contentful-paint", title: "First Contentful Paint", score: 1, displayValue: "0.9 s", weight: 10 };
const INSIGHT: Audit = { id: "render-blocking-insight", title: "Render blocking requests", score: 0, scoreDisplayMode: "metricSavings", weight: 0 };
const DIAGNOSTIC: Audit = { id: "mainthread-work-breakdown", title: "Minimizes main-thread work", score: 0.5, scoreDisplayMode: "informative", weight: 0 };

describe("the goals", () => {
  it("are 100 everywhere on desktop, and 98 for a phone's performance only", () => {
    expect(["performance", "accessibility", "best-practices", "seo"].map((category) => goalOf("desktop", category as "seo"))).toEqual([100, 100, 100, 100]);
    expect(goalOf("mobile", "performance")).toBe(98);
    expect(goalOf("mobile", "accessibility")).toBe(100);
    expect(goalOf("mobile", "seo")).toBe(100);
  });

  it("judge a score as Lighthouse shows it (rounded out of 100), a missing score as missed", () => {
    expect(scoresOf(lhr({ performance: 0.975, seo: 0.995 }))).toEqual({ performance: 98, accessibility: 100, "best-practices": 100, seo: 100 });
    expect(missed("mobile", { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 })).toEqual([]);
    expect(missed("desktop", { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 })).toEqual(["performance"]);
    expect(missed("mobile", { performance: 97, accessibility: 100, "best-practices": 96, seo: null })).toEqual(["performance", "best-practices", "seo"]);
  });
});

describe("the median of the runs", () => {
  it("is the middle score, the lower middle of an even count, and none when a run had none", () => {
    expect(medianScore([99, 96, 98])).toBe(98);
    expect(medianScore([100, 97])).toBe(97);
    expect(medianScore([100, null, 100])).toBeNull();
    expect(medianScore([])).toBeNull();
  });
});

describe("the audits that cost a missed score", () => {
  it("are the scored ones below 1, by the points they take off, then the unweighted insights; never informative ones", () => {
    const audits = failingAudits(lhr({ performance: 0.9 }, [FCP, DIAGNOSTIC, INSIGHT, TBT, LCP]), "performance");
    expect(audits.map((audit) => audit.id)).toEqual(["largest-contentful-paint", "total-blocking-time", "render-blocking-insight"]);
    expect(audits[0]).toEqual({ id: "largest-contentful-paint", title: "Largest Contentful Paint", score: 0.8, weight: 25, displayValue: "2.9 s" });
  });

  it("keep to the limit", () => {
    expect(failingAudits(lhr({ performance: 0.9 }, [LCP, TBT, INSIGHT]), "performance", 1).map((audit) => audit.id)).toEqual(["largest-contentful-paint"]);
  });
});

describe("a page's line and the table", () => {
  const mobile = lineOf({ page: "/en/login", formFactor: "mobile", runs: [lhr({ performance: 0.99 }), lhr({ performance: 0.96 }, [LCP, FCP]), lhr({ performance: 0.97 }, [TBT])] });
  const desktop = lineOf({ page: "/en/profile/settings", formFactor: "desktop", runs: [lhr({ performance: 1 }), lhr({ performance: 1 }), lhr({ performance: 1 })] });

  it("takes each category's median and says why a missed one missed, from a run that scored the median", () => {
    expect(mobile.scores).toEqual({ performance: 97, accessibility: 100, "best-practices": 100, seo: 100 });
    expect(mobile.pass).toBe(false);
    expect(mobile.why).toEqual([{ category: "performance", score: 97, audits: [{ id: "total-blocking-time", title: "Total Blocking Time", score: 0.95, weight: 30, displayValue: "210 ms" }] }]);
    expect(desktop.pass).toBe(true);
  });

  it("prints a line per page and form factor with its goal and pass/fail, in the bench's table style", () => {
    expect(table([mobile, desktop]).split("\n")).toEqual([
      "page                  form factor  perf  a11y  best pr.  SEO                    goal  pass/fail",
      "--------------------  -----------  ----  ----  --------  ---  ----------------------  ---------",
      "/en/login             mobile         97   100       100  100  ≥ 98 / 100 / 100 / 100       FAIL",
      "/en/profile/settings  desktop       100   100       100  100   100 / 100 / 100 / 100       pass",
    ]);
  });

  it("notes the runs' spread and the failing audits of each missed score", () => {
    expect(notes([mobile, desktop], 3)).toEqual([
      "/en/login mobile: the 3 runs ranged perf 96–99",
      "/en/login mobile performance 97: total-blocking-time (Total Blocking Time, 210 ms; score 0.95, weight 30)",
    ]);
  });

  it("names a missed category other than performance by its failing audit, its weight rounded", () => {
    const noindex: LhrLike = {
      categories: { ...lhr({ performance: 1 }).categories, seo: { score: 0.63, auditRefs: [{ id: "is-crawlable", weight: 4.043478260869565 }] } },
      audits: { "is-crawlable": { id: "is-crawlable", title: "Page is blocked from indexing", score: 0, scoreDisplayMode: "binary" } },
    };
    const line = lineOf({ page: "/en/profile/settings", formFactor: "desktop", runs: [noindex] });
    expect(line.pass).toBe(false);
    expect(notes([line], 1)).toEqual(["/en/profile/settings desktop seo 63: is-crawlable (Page is blocked from indexing; score 0.00, weight 4)"]);
  });

  it("shows the bare Next app's page for scale: no goal, never a failure of the part, its missed points noted as below the portal's goal", () => {
    const bare = lineOf({ page: "bare Next /en/login", formFactor: "mobile", runs: [lhr({ performance: 0.9 }, [TBT])], reference: true });
    expect(bare.reference).toBe(true);
    expect(bare.pass).toBe(true);
    expect(table([mobile, bare]).split("\n").slice(2)).toEqual([
      "/en/login            mobile         97   100       100  100  ≥ 98 / 100 / 100 / 100       FAIL",
      "bare Next /en/login  mobile         90   100       100  100                       -          -",
    ]);
    expect(notes([bare], 1)).toEqual(["bare Next /en/login mobile performance 90 (below the portal's goal of 98): total-blocking-time (Total Blocking Time, 210 ms; score 0.95, weight 30)"]);
  });
});
