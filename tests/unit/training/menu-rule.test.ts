import { trainingEntryVisible, trainingRouteOffered } from "@/lib/training/menu-rule";

/** The side-menu rule of SPEC §2 for safety training. */
describe("the training route", () => {
  it.each([
    ["", true],
    ["2.6.0", true],
    ["2.6", true],
    ["v2.7.1", true],
    ["2.5.9", false],
    ["2.6.0-beta", false],
    ["1.7", false],
  ])("app version %p → offered %p", (appVersion, offered) => {
    expect(trainingRouteOffered(appVersion)).toBe(offered);
  });
});

describe("the training entry", () => {
  const none = { isHave: false, printIsHave: false };
  it("is removed when the user has neither a laser nor a printer, where the route is offered", () => {
    expect(trainingEntryVisible({ appVersion: "", prize: none })).toBe(false);
    expect(trainingEntryVisible({ appVersion: "2.6.0", prize: none })).toBe(false);
  });

  it("shows for a laser or a printer", () => {
    expect(trainingEntryVisible({ appVersion: "", prize: { isHave: true, printIsHave: false } })).toBe(true);
    expect(trainingEntryVisible({ appVersion: "3.0.0", prize: { isHave: false, printIsHave: true } })).toBe(true);
  });

  it("never shows for an app older than 2.6.0", () => {
    expect(trainingEntryVisible({ appVersion: "2.5.0", prize: { isHave: true, printIsHave: true } })).toBe(false);
  });

  it("stays when the prize info could not be read", () => {
    expect(trainingEntryVisible({ appVersion: "", prize: null })).toBe(true);
  });
});
