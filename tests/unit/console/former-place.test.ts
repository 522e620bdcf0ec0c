import { consoleRoutePath, formerConsolePath } from "@/lib/console/cookie";

/** The console's former default place (`/{lang}/admin/…`) and where the proxy sends it. */
test("an address below the former place moves to the same screen below /console", () => {
  expect(formerConsolePath("admin", "console")).toBe("console");
  expect(formerConsolePath("admin/users/42", "console")).toBe("console/users/42");
});

test("a deployment that moved the console keeps its place to itself: no redirect from /admin", () => {
  expect(formerConsolePath("admin/users", "ops/console")).toBeNull();
  expect(formerConsolePath("administrators", "console")).toBeNull();
});

test("a configured place is served by the console's one route folder", () => {
  expect(consoleRoutePath("ops/console/users", "ops/console")).toBe("console/users");
});
