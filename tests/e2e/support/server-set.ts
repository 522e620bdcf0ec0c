/**
 * The servers of an e2e run as playwright.config.ts describes them to start-servers.ts, which
 * starts them side by side (Playwright starts the entries of its `webServer` one after another).
 */
export type E2eServer = {
  /** the prefix of its output lines and the name others wait for */
  name: string;
  /** a shell command, run from the repository's root */
  command: string;
  env?: Record<string, string>;
  /**
   * When it is ready: an HTTP answer from 200 to 403 at `url` (as Playwright's `url`), a port
   * that accepts a connection, or a text on its standard output.
   */
  ready: { url: string } | { port: number } | { stdout: string };
  /** servers that must be ready before this one starts (its data, a server it calls at start) */
  after?: string[];
};

/** The environment variable that carries the list, as JSON. */
export const SERVERS_ENV = "E2E_SERVERS";
/** The line start-servers.ts prints once every server is ready. */
export const SERVERS_READY = "e2e servers ready";
