import { flatVerdict, percentile, scaleTable, seqScansOnLarge } from "@/bench/scale-maths";
import { parsePlans } from "@/bench/scale-plans";

/** The data-scale part of `npm run bench`: its percentiles, verdicts, table and plan reading (the timing itself is never tested). */

describe("percentile", () => {
  it("takes the nearest rank below, and the last value for p99 of a hundred or fewer", () => {
    const values = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(101);
    expect(percentile(values, 99)).toBe(199);
    expect(percentile([1, 2, 3], 99)).toBe(3);
    expect(percentile([], 99)).toBe(0);
  });
});

describe("flatVerdict", () => {
  it("passes at 1.5× and fails above it", () => {
    expect(flatVerdict(10, 15)).toEqual({ ratio: 1.5, pass: true });
    expect(flatVerdict(10, 15.1).pass).toBe(false);
    expect(flatVerdict(10, 4)).toEqual({ ratio: 0.4, pass: true });
  });

  it("fails when the small size has no figure", () => {
    expect(flatVerdict(0, 5)).toEqual({ ratio: 0, pass: false });
    expect(flatVerdict(Number.NaN, 5).pass).toBe(false);
  });
});

describe("seqScansOnLarge", () => {
  it("names the large tables read by a sequential scan, each once, and not the small ones", () => {
    const plan = ["Hash Join", "  ->  Seq Scan on sessions  (cost=0.00..1.00 rows=1 width=8)", "  ->  Seq Scan on oidc_clients  (cost=0.00..1.00)", "  ->  Seq Scan on sessions s2  (cost=0.00..1.00)"].join("\n");
    expect(seqScansOnLarge(plan)).toEqual(["sessions"]);
    expect(seqScansOnLarge("Index Scan using users_pkey on users")).toEqual([]);
  });
});

describe("scaleTable", () => {
  it("prints each measure at both sizes with its ratio, goal and verdict", () => {
    const text = scaleTable([{ measure: "sign-in", small: { p50: 20, p99: 30 }, large: { p50: 21, p99: 60 }, ratio: 2, pass: false }], [10_000, 1_000_000]);
    const [header, , row] = text.split("\n");
    expect(header).toMatch(/^measure\s+p50 10k\s+p99 10k\s+p50 1M\s+p99 1M\s+p99 1M\/10k\s+goal\s+pass\/fail$/);
    expect(row).toMatch(/^sign-in\s+20\.0\s+30\.0\s+21\.0\s+60\.0\s+2\.00\s+≤ 1\.5×\s+FAIL$/);
  });
});

describe("parsePlans", () => {
  it("reads auto_explain's entries from the server's log, the statement on one line, and skips the others", () => {
    const log = [
      "2026-11-29 21:03:17.432 UTC [12739] LOG:  database system is ready to accept connections",
      "2026-11-29 21:03:19.480 UTC [12834] LOG:  duration: 0.135 ms  plan:",
      "\tQuery Text: select id",
      "\t  from users where email = $1",
      "\tIndex Scan using users_email_unique on users  (cost=0.42..8.44 rows=1 width=16)",
      "\t  Index Cond: (email = $1)",
      "2026-11-29 21:03:19.490 UTC [12834] LOG:  duration: 0.200 ms  plan:",
      "\tQuery Text: select * from sessions",
      "\tSeq Scan on sessions  (cost=0.00..100.00 rows=10 width=8)",
      "",
    ].join("\n");
    const plans = parsePlans(log);
    expect(plans.map((plan) => plan.query)).toEqual(["select id from users where email = $1", "select * from sessions"]);
    expect(plans[0]?.plan).toBe("Index Scan using users_email_unique on users  (cost=0.42..8.44 rows=1 width=16)\n  Index Cond: (email = $1)");
    expect(plans.map((plan) => plan.seqScans)).toEqual([[], ["sessions"]]);
  });
});
