/** @jest-environment node */
import { IMPORT_MAX_BYTES } from "@/lib/contract/console/user-transfer";
import { bodyCapFor } from "@/lib/security/incoming";

test("the console's users import may bring its whole file; everything else keeps its small cap", () => {
  expect(bodyCapFor("/api/console/users/import")).toBeGreaterThan(IMPORT_MAX_BYTES);
  expect(bodyCapFor("/v1/console/users/import?dryRun=true")).toBeGreaterThan(IMPORT_MAX_BYTES);
  expect(bodyCapFor("/api/console/users/import/x")).toBe(2 * 1024 * 1024);
  expect(bodyCapFor("/en/console/import")).toBe(2 * 1024 * 1024);
  expect(bodyCapFor("/api/avatar")).toBe(8 * 1024 * 1024);
});
