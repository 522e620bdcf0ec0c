import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Every script Next emits carries an integrity hash (the CSP's answer for static pages:
  // lib/security/headers.ts).
  experimental: { sri: { algorithm: "sha256" } },
  // Native packages that must stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "nodemailer", "geoip-lite", "@countrystatecity/countries"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      // Third-party-cookie mode: these addresses carry a session token, which must never reach
      // the next page in a Referer (later entries win over the one above).
      ...["/v1/cookie/:path*", "/api/cookie-sync", "/api/cookie-sync/:path*"].map((source) => ({
        source,
        headers: [{ key: "Referrer-Policy", value: "no-referrer" }],
      })),
    ];
  },
};

export default withNextIntl(nextConfig);
