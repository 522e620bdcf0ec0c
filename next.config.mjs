import createNextIntlPlugin from "next-intl/plugin";

// Messages are compiled at build time, so the browser needs no ICU parser (a public page's
// script budget is 150 KB).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { format: "json", path: "./messages", locales: ["en", "zh"], precompile: true } },
});

/**
 * The page variant of a sign-in page opened without launch parameters (lib/launch/variant.ts:
 * variantKey(DEFAULT_VARIANT); tests/unit/launch/variant.test.ts keeps the two the same).
 */
const DEFAULT_VARIANT_KEY = "passport.m.110";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // `npm test` checks the types (`npm run typecheck`: next typegen, then tsc on the same
  // tsconfig) before its one build, and says so with PORTAL_TYPES_CHECKED=1: that build then
  // skips its own identical check (48 s of a CI run). Every other build checks them itself.
  typescript: { ignoreBuildErrors: process.env.PORTAL_TYPES_CHECKED === "1" },
  // Every script Next emits carries an integrity hash (the CSP's answer for static pages:
  // lib/security/headers.ts).
  //
  // The sign-in pages' variants, rendered on their first visit (decision 4), are kept in this
  // process's memory only, never written under .next: a page shows what the running
  // configuration says (SOCIAL_PROVIDERS, IMAGE_HOSTS…), after a restart with new settings, for
  // a .next copied elsewhere, and for several servers with different settings on one build.
  //
  // preloadEntriesOnStart: false, so a start loads the modules of the pages it serves, not every
  // page's and route's at once while the first request waits behind them (a cold start's first
  // /en/login: docs/performance.md, "Cold start"); each other page loads on its first request.
  //
  // On CI (CI set, as .ci/run does) the build writes no Turbopack cache to .next/cache: CI builds
  // once on a fresh clone and throws the checkout away, and the writing took 17 s of a 75 s build
  // there (docs/testing.md, where the suite's time goes). Elsewhere the cache speeds up the next build.
  experimental: { sri: { algorithm: "sha256" }, isrFlushToDisk: false, preloadEntriesOnStart: false, turbopackFileSystemCacheForBuild: !process.env.CI },
  // Native packages that must stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "nodemailer", "geoip-lite", "@countrystatecity/countries", "pdf-lib", "@pdf-lib/fontkit", "subset-font"],
  // A plain anonymous visit of a sign-in page does not pass the proxy (see its matcher in
  // proxy.ts): it is served the default variant's cached rendering from here.
  async rewrites() {
    return {
      beforeFiles: [{ source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", destination: `/:lang/:page/${DEFAULT_VARIANT_KEY}` }],
    };
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      // Social sign-in's and third-party-cookie mode's addresses may carry a session token or a
      // ticket: no referrer ever takes them on (later entries win over the one above).
      ...["/v1/oauth/:path*", "/api/social/:path*", "/:lang/authcb", "/v1/cookie/:path*", "/api/cookie-sync", "/api/cookie-sync/:path*"].map((source) => ({
        source,
        headers: [{ key: "Referrer-Policy", value: "no-referrer" }],
      })),
    ];
  },
};

export default withNextIntl(nextConfig);
