/**
 * `npm run bench -- --part=lighthouse` (and the last part of a full run): Lighthouse's mobile
 * (its default config) and desktop (its desktop preset) scores of the sign-in page and of the
 * signed-in settings page, on the production build, with Debian's Chromium. The pure half
 * (goals, verdicts, table) is ./report.ts.
 *
 * A portal of its own (BENCH_BASE_PORT + 9, a fresh DATA_DIR, the embedded database or
 * BENCH_DATABASE_URL) with a bench account made through the services; the settings page is
 * audited signed in: the session cookies a browser holds after signing in are put in Chromium's
 * cookie store before the run (Lighthouse keeps cookies; an extraHeaders Cookie would be
 * replaced by the browser's own as soon as the portal sets one).
 * Each audit runs in a fresh Chromium (BENCH_BASE_PORT + 10 for its DevTools port, loopback only),
 * BENCH_LIGHTHOUSE_RUNS times (default 3); a line shows each category's median.
 * BENCH_LIGHTHOUSE_REPORTS names a directory to keep each run's whole result (Lighthouse's JSON,
 * which its viewer opens) for a closer look at a missed score.
 * Beside them, for scale, the bare Next app's page of the login page's shape (bench/baseline, on
 * BENCH_BASE_PORT + 11), audited the same way: what Next itself scores on this machine, no goal.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Flags } from "lighthouse";
import { baseEnv, log, ROOT, run, start, startPortal, stop, tempDir, TSX_BIN, url, type Child } from "../children";
import { signedInCookies, signIn } from "../signed-in";
import { FORM_FACTORS, lineOf, notes, table, type FormFactor, type LhrLike, type PageRuns } from "./report";

const PAGES = ["/en/login", "/en/profile/settings"] as const;
/** The bare Next app's page of the login page's shape (a prerendered page behind a rewrite, of its size). */
const BASELINE_PAGE = "/en/login";
const SIGNED_IN = "/en/profile/settings";

/** Debian's Chromium, as the browser tests use it (tests/e2e/support/ensure-chromium.sh installs it); never a downloaded one. */
const CHROMIUM = process.env.CHROME_PATH?.trim() || process.env.CHROMIUM_PATH?.trim() || "/usr/bin/chromium";

/**
 * Chromium's flags: headless, as root (no sandbox), and none of its own traffic (updates,
 * sync, safe browsing, metrics), so the runs talk to the portal on loopback only.
 */
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
  "--disable-client-side-phishing-detection",
  "--disable-domain-reliability",
  "--no-pings",
  "--metrics-recording-only",
  "--mute-audio",
  "--password-store=basic",
  "--use-mock-keychain",
  "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication",
  // Lighthouse's own runs keep these: a background tab must not be slowed while it is measured
  "--disable-backgrounding-occluded-windows",
  "--disable-renderer-backgrounding",
  "--disable-background-timer-throttling",
];

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not ${JSON.stringify(raw)}`);
  return value;
}

/** A fresh Chromium with its DevTools port on loopback, polled until it answers. */
async function startChromium(port: number): Promise<Child> {
  const profile = await tempDir("lighthouse-chromium");
  const child = start("chromium", CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-address=127.0.0.1`, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"], baseEnv());
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  const since = performance.now();
  while (performance.now() - since < 30_000) {
    if (exited) throw new Error(`Chromium stopped before its DevTools port answered:\n${child.output.join("").slice(-2000)}`);
    try {
      const response = await fetch(url(port, "/json/version"));
      await response.arrayBuffer();
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop(child);
  throw new Error(`Chromium's DevTools port ${port} did not answer within 30 s`);
}

/**
 * Puts the session's cookies in Chromium's own cookie store (DevTools' Storage.setCookies on the
 * browser's socket), as a signed-in browser holds them: the page's requests then carry them,
 * and what the portal sets replaces them as it would. Lighthouse clears caches and storage
 * before a run, never cookies.
 */
async function setBrowserCookies(chromiumPort: number, origin: string, jar: Map<string, string>): Promise<void> {
  const version = (await (await fetch(url(chromiumPort, "/json/version"))).json()) as { webSocketDebuggerUrl?: string };
  if (!version.webSocketDebuggerUrl) throw new Error("Chromium named no DevTools socket");
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error("Chromium's DevTools socket did not open")), { once: true });
    });
    const answer = new Promise<{ error?: { message: string } }>((resolve) => socket.addEventListener("message", (event) => resolve(JSON.parse(String(event.data)) as { error?: { message: string } }), { once: true }));
    const cookies = [...jar].map(([name, value]) => ({ name, value, url: origin, sameSite: "Lax" }));
    socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies } }));
    const { error } = await answer;
    if (error) throw new Error(`Storage.setCookies: ${error.message}`);
  } finally {
    socket.close();
  }
}

/** One Lighthouse run of one page in one form factor, in a fresh Chromium. */
async function audit(pageUrl: string, formFactor: FormFactor, chromiumPort: number, cookies: Map<string, string> | null): Promise<LhrLike> {
  const chromium = await startChromium(chromiumPort);
  try {
    if (cookies) await setBrowserCookies(chromiumPort, new URL(pageUrl).origin, cookies);
    const flags: Flags = { port: chromiumPort, hostname: "127.0.0.1", logLevel: "error", output: "json" };
    // an ES module: imported when a run needs it (the bench's other parts never load it)
    const { default: lighthouse, desktopConfig } = await import("lighthouse");
    const result = await lighthouse(pageUrl, flags, formFactor === "desktop" ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned no result for ${pageUrl} (${formFactor})`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${pageUrl} (${formFactor}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings) log(`${pageUrl} (${formFactor}): Lighthouse warns: ${warning}`);
    return lhr;
  } finally {
    await stop(chromium);
  }
}

/** The part: its table and notes as text, and the lines as JSON. */
export async function lighthousePart(basePort: number, startBaseline: (port: number) => Promise<Child>): Promise<{ json: Record<string, unknown>; text: string; pass: boolean }> {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no production build of the portal (.next): run `npm run build` first");
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: run \`bash tests/e2e/support/ensure-chromium.sh\` (Debian's chromium), or set CHROME_PATH`);
  const runs = positiveInteger("BENCH_LIGHTHOUSE_RUNS", 3);
  const started = Date.now();
  const [portalPort, chromiumPort, baselinePort] = [basePort + 9, basePort + 10, basePort + 11];
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim();
  const database: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const account = { email: `bench-lighthouse-${Date.now().toString(36)}@example.test`, password: "bench-Password-0123" };
  const dataDir = await tempDir("lighthouse");
  log("lighthouse: creating the bench account (bench/create-account.ts)");
  await run("create account", TSX_BIN, [path.join("bench", "create-account.ts")], { ...baseEnv(), ...database, DATA_DIR: dataDir, BENCH_EMAIL: account.email, BENCH_PASSWORD: account.password });
  log(`lighthouse: starting the portal (:${portalPort})`);
  const portal = await startPortal("portal (lighthouse)", portalPort, dataDir, database);
  const results: PageRuns[] = [];
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS?.trim() ? path.resolve(process.env.BENCH_LIGHTHOUSE_REPORTS.trim()) : null;
  if (reports) await mkdir(reports, { recursive: true });
  try {
    const cookies = await signedInCookies(portalPort, SIGNED_IN, await signIn(portalPort, account));
    for (const page of PAGES) {
      for (const formFactor of FORM_FACTORS) {
        const lhrs: LhrLike[] = [];
        for (let i = 1; i <= runs; i += 1) {
          log(`lighthouse: ${page} ${formFactor}, run ${i} of ${runs}`);
          const lhr = await audit(`http://localhost:${portalPort}${page}`, formFactor, chromiumPort, page === SIGNED_IN ? cookies : null);
          if (reports) await writeFile(path.join(reports, `${page.slice(1).replaceAll("/", "-")}-${formFactor}-${i}.json`), JSON.stringify(lhr));
          lhrs.push(lhr);
        }
        results.push({ page, formFactor, runs: lhrs });
      }
    }
  } finally {
    await stop(portal.child);
  }
  log(`lighthouse: starting the bare Next app (:${baselinePort})`);
  const baseline = await startBaseline(baselinePort);
  try {
    for (const formFactor of FORM_FACTORS) {
      const lhrs: LhrLike[] = [];
      for (let i = 1; i <= runs; i += 1) {
        log(`lighthouse: the bare Next app's ${BASELINE_PAGE} ${formFactor}, run ${i} of ${runs}`);
        lhrs.push(await audit(`http://localhost:${baselinePort}${BASELINE_PAGE}`, formFactor, chromiumPort, null));
      }
      results.push({ page: `bare Next ${BASELINE_PAGE}`, formFactor, runs: lhrs, reference: true });
    }
  } finally {
    await stop(baseline);
  }
  const lines = results.map(lineOf);
  const cpus = os.cpus();
  const load = os.loadavg().map((value) => value.toFixed(2));
  const text = [
    `Lighthouse ${results[0]?.runs[0]?.lighthouseVersion ?? ""} (categories out of 100; each the median of ${runs} run${runs === 1 ? "" : "s"}; mobile = Lighthouse's default: a phone, slow 4G and a 4× slower CPU, simulated; desktop = its desktop preset):\n\n`,
    `${table(lines)}\n\n`,
    ...notes(lines, runs).map((note) => `note: ${note}\n`),
    `${new Date().toISOString()}, ${cpus.length} × ${cpus[0]?.model ?? "unknown"}, load average ${load.join(" ")}, Node ${process.version}, ${CHROMIUM}; ` +
      `the signed-in page with a bench account's session cookies; "bare Next" is bench/baseline's page of the login page's shape, for scale (no goal); took ${Math.round((Date.now() - started) / 1000)} s.\n`,
  ].join("");
  return { json: { date: new Date().toISOString(), runs, lines }, text, pass: lines.every((line) => line.pass) };
}
