import { readFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** How much of a failed test's page to print: enough to read the screen, not a whole log. */
const LIMIT = 4_000;

/**
 * Prints the page a failed test was looking at (Playwright's error context: the accessibility
 * snapshot at the moment of failure) with the failure itself. CI keeps only what was printed,
 * not test-results/, so without this a failure that happens once in fifty runs leaves nothing
 * to read but its assertion. Printed at the end, after the run's summary, where a log's tail
 * is read.
 */
export default class FailureContextReporter implements Reporter {
  private readonly pages: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === test.expectedStatus) return;
    for (const attachment of result.attachments) {
      // a test's own record of what its browser did (support/browser-log.ts)
      if (attachment.name === "browser-log" && attachment.body) {
        this.pages.push(`\n── what the browser did in "${test.title}" ──\n${attachment.body.toString("utf8")}\n── end of the browser's log ──\n`);
        continue;
      }
      if (attachment.name !== "error-context" || !attachment.path) continue;
      let text: string;
      try {
        text = readFileSync(attachment.path, "utf8");
      } catch {
        continue;
      }
      // the accessibility snapshot(s); the error and the test's source are printed already
      const snapshot = [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]).join("\n") || text;
      const shown = snapshot.length > LIMIT ? `${snapshot.slice(0, LIMIT)}\n… (${snapshot.length - LIMIT} more characters)` : snapshot;
      this.pages.push(`\n── the page when "${test.title}" failed ──\n${shown}\n── end of the page ──\n`);
    }
  }

  onEnd(): void {
    for (const page of this.pages) process.stdout.write(page);
  }

  printsToStdio(): boolean {
    return true;
  }
}
