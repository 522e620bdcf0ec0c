import type { Page } from "@playwright/test";
import { browserPage, visit } from "./browser";
import { request } from "./http";
import type { Account } from "./ledger";
import type { Portal } from "./portals";
import { balancerUp, type Ports } from "./stack";

/**
 * What a visitor sees through the balancer while PostgreSQL is down (docs/deploy.md, "Outages"):
 * the public pages keep serving (the login page is 200), a signed-in page is the portal's own 503
 * with Retry-After (or 200 when it needs no database), and HAProxy keeps every instance in: the
 * database is shared, so an instance's readiness does not follow it.
 */
export type OutageVisitor = {
  /** one round of looks; returns the problems seen, in words */
  look: () => Promise<string[]>;
  /** what the rounds saw, for the log */
  summary: () => string;
  close: () => Promise<void>;
};

/** The database's state as an instance reports it in its /readyz (`checks.database`). */
export async function databaseState(portal: Portal): Promise<string> {
  const answer = await request(`${portal.url}/readyz`, { timeoutMs: 10_000 });
  try {
    const body = JSON.parse(answer.body.toString("utf8")) as { checks?: { database?: unknown } };
    return String(body.checks?.database ?? "none");
  } catch {
    return "no answer";
  }
}

/** Opens the two browsers before the outage: an anonymous visitor, and `account` on a signed-in page. */
export async function outageVisitor(base: string, ports: Ports, instances: number, account: Account): Promise<OutageVisitor> {
  const anonymous = await browserPage(base);
  const signedIn: Page = await browserPage(base, account);
  const before = await visit(signedIn, `${base}/en/profile/security`);
  if (before.status !== 200) throw new Error(`the signed-in page answered ${before.status} before the outage`);
  const seen = new Map<string, number>();
  const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
  return {
    async look() {
      const problems: string[] = [];
      const login = await visit(anonymous, `${base}/en/login`);
      saw(`login page ${login.status}`);
      if (login.status !== 200) problems.push(`the login page answered ${login.status} during the database outage${login.retryAfter ? "" : " (no Retry-After)"}`);
      const page = await visit(signedIn, `${base}/en/profile/security`);
      saw(`signed-in page ${page.status}${page.retryAfter ? ` Retry-After ${page.retryAfter}` : ""}`);
      if (page.status !== 200 && !(page.status === 503 && page.retryAfter)) problems.push(`a signed-in page answered ${page.status}${page.retryAfter ? "" : " without Retry-After"} during the database outage`);
      const up = (await balancerUp(ports)).size;
      saw(`${up} of ${instances} instances in the balancer`);
      if (up !== instances) problems.push(`HAProxy took ${instances - up} of ${instances} instances out during the database outage`);
      return problems;
    },
    summary: () => [...seen].map(([what, count]) => `${what} (${count}×)`).join(", "),
    async close() {
      await anonymous.context().close();
      await signedIn.context().close();
    },
  };
}
