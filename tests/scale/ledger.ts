/**
 * What the scale test's clients did and what the services acknowledged: every HTTP request
 * (kind, when, how long, how it ended) and, per account, the writes that were acknowledged and
 * those whose answer never came (they may or may not have happened). The checks afterwards
 * (verify.ts) and the summary (report.ts) read only this.
 */
export type Outcome = "ok" | "refused" | "503" | "5xx" | "lost";
export type Entry = { kind: string; at: number; ms: number; outcome: Outcome; status: number; code: number; via: string };

export type Account = {
  email: string;
  password: string;
  tokens: string[];
  /** the last acknowledged value, and values sent since whose answer never came */
  nickname: { acked: string | null; uncertain: string[] };
  headpic: { acked: string | null; uncertain: number };
  redeemed: { acked: number; uncertain: number };
};

export type FaultWindow = { name: string; start: number; end: number; allows503: boolean };

export class Ledger {
  readonly entries: Entry[] = [];
  readonly accounts: Account[] = [];
  readonly windows: FaultWindow[] = [];
  readonly t0 = performance.now();

  now(): number {
    return performance.now() - this.t0;
  }

  record(kind: string, started: number, status: number, code: number, via = "balancer"): Outcome {
    const outcome: Outcome = status === 0 ? "lost" : status === 503 ? "503" : status >= 500 ? "5xx" : status >= 400 || (code !== 0 && code !== -1) ? "refused" : "ok";
    this.entries.push({ kind, at: started, ms: this.now() - started, outcome, status, code, via });
    return outcome;
  }

  /** A fault window; `allows503`: the documented database window, where 503 is the expected answer. */
  open(name: string, allows503 = false): FaultWindow {
    const window = { name, start: this.now(), end: Number.POSITIVE_INFINITY, allows503 };
    this.windows.push(window);
    return window;
  }

  close(window: FaultWindow): void {
    window.end = this.now();
  }
}
