import { gzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";

/**
 * The public pages' script budget: at most 160 KiB (163,840 bytes) of gzipped JavaScript per
 * page, framework included, as a browser downloads it on a first visit (`npm run bench` prints
 * the same figures). The
 * sizes of a production build are deterministic, so this is a size check, not a timing. The
 * portal here shows every social button, so the sign-in pages are at their largest.
 * Where the kilobytes go, chunk by chunk, and what was tried to cut them: docs/performance.md
 * ("The public pages' script, chunk by chunk").
 */
const BUDGET = 160 * 1024;
const PAGES = ["/en/login", "/zh/login", "/en/register", "/zh/register", "/en/findpwd", "/zh/findpwd", "/en/login-business", "/zh/login-business", "/en/login?p=atomm&s=pc&lr=1"];

/** Every classic or module script the page loads up front (not the `noModule` fallbacks). */
function scriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const tag of html.matchAll(/<script\b[^>]*>/g)) {
    if (/\bnomodule\b/i.test(tag[0])) continue;
    const src = /\bsrc="([^"]+)"/.exec(tag[0]);
    const address = src?.[1];
    if (address) sources.add(address.replaceAll("&amp;", "&"));
  }
  return [...sources];
}

async function gzippedBytes(request: APIRequestContext, path: string): Promise<{ total: number; scripts: number }> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const scripts = scriptSources(await response.text());
  let total = 0;
  for (const src of scripts) {
    const script = await request.get(src);
    expect(script.status(), src).toBe(200);
    total += gzipSync(await script.body(), { level: 9 }).length;
  }
  return { total, scripts: scripts.length };
}

for (const path of PAGES) {
  test(`${path} loads at most 160 KiB of gzipped JavaScript`, async ({ request }) => {
    const { total, scripts } = await gzippedBytes(request, path);
    expect(scripts).toBeGreaterThan(0);
    test.info().annotations.push({ type: "gzip JS", description: `${(total / 1024).toFixed(1)} KiB in ${scripts} scripts` });
    expect(total, `${path}: ${(total / 1024).toFixed(1)} KiB`).toBeLessThanOrEqual(BUDGET);
  });
}
