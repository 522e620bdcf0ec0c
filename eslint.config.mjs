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
  { ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "bench/baseline/.next/**"] },
];

export default config;
