import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import path from "node:path";
import tseslint from "typescript-eslint";

// The boundary between the two halves (docs/architecture.md, "The boundary"), checked on every
// import, dynamic ones included. Paths are resolved (the `@/` alias too) before they are matched.
const here = import.meta.dirname;
const inRepo = (glob) => path.join(here, glob);
const SERVICES_MOUNTS = ["app/v1/**", "app/v2/**", "app/message/**"];
const PROCESS_ENTRIES = "server.ts and instrumentation.ts (the process's start) wire the two halves together";
const boundary = (zones) => ({ "import/no-restricted-paths": ["error", { basePath: here, zones }] });

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
      // no import cycles (the rule skips `import type`; tests/unit/docs/import-cycles.test.ts finds
      // those: shared types live below both users, e.g. lib/launch/system.ts,
      // lib/backend/http/env.ts, components/step-up/types.ts)
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
  {
    // the portal: pages, components, its own lib/*, the proxy
    files: ["app/**", "components/**", "lib/**", "proxy.ts"],
    ignores: ["lib/backend/**", ...SERVICES_MOUNTS],
    rules: boundary([{ target: ".", from: "./lib/backend", message: `The portal never imports the reference services; it calls them through lib/upstream. Only ${PROCESS_ENTRIES}.` }]),
  },
  {
    // the services' three mount points: the Hono app's Next adapter and nothing else of them
    files: SERVICES_MOUNTS,
    rules: boundary([{ target: "./app", from: "./lib/backend", except: ["./http/next.ts"], message: "A mount point hands the request to lib/backend/http/next.ts only." }]),
  },
  {
    // the services: their own files, the contract and the process's metrics registry
    files: ["lib/backend/**"],
    rules: boundary([
      {
        target: "./lib/backend",
        from: ["./app/**", "./components/**", "./lib/**", "./messages/**", "./*.ts"],
        except: [inRepo("lib/backend/**"), inRepo("lib/contract/**"), inRepo("lib/metrics/**")],
        message: `lib/backend imports no portal module: only lib/contract and lib/metrics are shared. ${PROCESS_ENTRIES}.`,
      },
    ]),
  },
  {
    // the contract is below both halves
    files: ["lib/contract/**"],
    rules: boundary([
      {
        target: "./lib/contract",
        from: ["./app/**", "./components/**", "./lib/**", "./messages/**", "./*.ts"],
        except: [inRepo("lib/contract/**")],
        message: "lib/contract imports nothing of either half.",
      },
    ]),
  },
  // the e2e run's data directories (.e2e*/) change while it runs: a lint beside it crashed on a file that went away
  { ignores: [".next/**", "node_modules/**", "data/**", ".e2e*/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "bench/baseline/.next/**"] },
];

export default config;
