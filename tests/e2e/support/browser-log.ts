import type { BrowserContext, Page, TestInfo } from "@playwright/test";

/**
 * What a browser context did, line by line with the seconds since the test began: every answer
 * (method, address without its query, status), every failed request, the pages' and frames'
 * navigations, console messages and uncaught errors. A test that fails once in a hundred runs
 * under load (fedcm.spec.ts) attaches it, and the failure-context reporter prints it: CI keeps
 * only what was printed. Queries are left out, so no code or token of the test's is printed.
 */
export function recordBrowserLog(context: BrowserContext): string[] {
  const lines: string[] = [];
  const started = Date.now();
  const add = (line: string) => lines.push(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s ${line}`);
  const bare = (url: string) => url.split("?")[0] ?? url;
  const watch = (page: Page) => {
    page.on("console", (message) => add(`console.${message.type()} ${bare(page.url())}: ${message.text().slice(0, 300)}`));
    page.on("pageerror", (error) => add(`page error ${bare(page.url())}: ${error.message.slice(0, 300)}`));
    page.on("framenavigated", (frame) => add(`${frame === page.mainFrame() ? "page" : "frame"} at ${bare(frame.url())}`));
    page.on("close", () => add(`page closed ${bare(page.url())}`));
  };
  context.pages().forEach(watch);
  context.on("page", (page) => {
    add(`new page ${bare(page.url())}`);
    watch(page);
  });
  context.on("response", (response) => add(`${response.request().method()} ${bare(response.url())} → ${response.status()}`));
  context.on("requestfailed", (request) => add(`${request.method()} ${bare(request.url())} failed: ${request.failure()?.errorText ?? "?"}`));
  return lines;
}

/** Attaches the log to a test that did not end as expected (the reporter prints it). */
export async function attachBrowserLogOnFailure(lines: string[], testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach("browser-log", { body: lines.slice(-200).join("\n"), contentType: "text/plain" });
}
