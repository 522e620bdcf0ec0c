import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// msw 3 and a few of its dependencies ship ESM only; next/jest only appends to
// transformIgnorePatterns, so the patterns are set on the resolved config.
const esmPackages = ["iron-session", "iron-webcrypto", "uncrypto", "uint8array-extras", "msw", "@mswjs", "@msw", "cookie", "set-cookie-parser", "rettime", "until-async", "@open-draft", "@bundled-es-modules", "outvariant", "strict-event-emitter", "headers-polyfill", "is-node-process", "tough-cookie", "next-intl", "use-intl", "icu-minify", "@formatjs", "intl-messageformat"];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join("|")})/)`];
// ESM-only packages of the services (social sign-in). The backend project runs with
// --experimental-vm-modules, where jest loads them (and the packages they import, such as
// cookie) as native ES modules (require(esm)): a transform to CommonJS would break that, so
// the backend project transforms nothing in node_modules. The unit project (no vm modules)
// transforms them.
const servicesEsm = ["openid-client", "oauth4webapi", "jose", "iron-session", "iron-webcrypto", "uncrypto", "oauth2-mock-server"];
const unitTransformIgnorePatterns = [`/node_modules/(?!(${[...esmPackages, ...servicesEsm].join("|")})/)`];

const shared = {
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/support/empty-module.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
};

async function project(config, ignorePatterns = transformIgnorePatterns) {
  const resolved = await createJestConfig({ ...shared, ...config })();
  return { ...resolved, transformIgnorePatterns: ignorePatterns };
}

const config = {
  projects: [
    await project({
      displayName: "unit",
      testEnvironment: "jest-fixed-jsdom",
      testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
      setupFilesAfterEnv: ["<rootDir>/tests/support/setup-unit.ts"],
    }, unitTransformIgnorePatterns),
    await project({
      displayName: "backend",
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        // the data files of @countrystatecity/countries: read with fs, as under Node (support/json-import-refused.cjs)
        "^\\./data/[^/]+-[A-Z]{2}/[a-z]+\\.json$": "<rootDir>/tests/backend/support/json-import-refused.cjs",
      },
      // Node's, with the runtime's fetch dispatcher in each file's sandbox (support/environment.ts)
      testEnvironment: "<rootDir>/tests/backend/support/environment.ts",
      setupFilesAfterEnv: ["<rootDir>/tests/backend/support/setup-backend.ts"],
      globalSetup: "<rootDir>/tests/backend/support/global-setup.ts",
      testMatch: ["<rootDir>/tests/backend/**/*.test.ts"],
    }, ["/node_modules/"]),
  ],
};

export default config;
