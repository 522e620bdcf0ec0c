import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/ban-ts-comment": "error",
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
  },
  {
    // Route folders hold pages, layouts and route handlers only; what they share lives in lib/
    // (actions and loaders by domain), so nothing outside app/ reaches into a route folder.
    files: ["components/**", "lib/**", "proxy.ts", "instrumentation.ts"],
    rules: {
      // no import cycles (the rule skips `import type`; those were removed too: shared types live
      // below both users, e.g. lib/launch/system.ts, lib/backend/http/env.ts)
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/*", "**/app/*"], message: "Put shared code in lib/ (lib/actions, lib/loaders); components and lib never import from app/." }] }],
    },
  },
  {
    // A flaky test must fail: no retries (Playwright's `retries`, jest's retryTimes) and no fixed
    // sleeps in browser tests (wait on the response, event or state itself).
    files: ["tests/**", "playwright.config.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "Property[key.name='retries']", message: "No test retries: a flaky test is fixed, not retried." },
        { selector: "CallExpression[callee.property.name='retryTimes']", message: "No test retries: a flaky test is fixed, not retried." },
        { selector: "CallExpression[callee.property.name='waitForTimeout']", message: "No fixed sleeps: wait for the response, event or state itself." },
      ],
    },
  },
  // the e2e run's data directories (.e2e*/) change while it runs: a lint beside it crashed on a file that went away
  { ignores: [".next/**", "node_modules/**", "data/**", ".e2e*/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "bench/baseline/.next/**"] },
];

export default config;
