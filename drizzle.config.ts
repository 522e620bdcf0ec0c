import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate` writes SQL migrations for lib/backend/db/schema.ts; they are committed. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/backend/db/schema.ts",
  out: "./lib/backend/db/migrations",
});
