import { readPageValue, writePageValue } from "@/lib/bridge/page-storage";

/** A host's frame whose browser blocks third-party storage still works, for the page's lifetime. */
afterEach(() => jest.restoreAllMocks());

test("keeps values in sessionStorage where it is allowed", () => {
  writePageValue("passport:test", "1");
  expect(window.sessionStorage.getItem("passport:test")).toBe("1");
  expect(readPageValue("passport:test")).toBe("1");
});

test("keeps them in the page where touching sessionStorage throws", () => {
  jest.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  });
  expect(readPageValue("passport:blocked")).toBeNull();
  writePageValue("passport:blocked", "42");
  expect(readPageValue("passport:blocked")).toBe("42");
});
