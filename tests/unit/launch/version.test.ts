import { compareVersions, isVersionAtLeast } from "@/lib/launch/version";

describe("compareVersions", () => {
  it("orders versions part by part as numbers, not as text", () => {
    expect(compareVersions("2.10.0", "2.9.9")).toBe(1);
    expect(compareVersions("1.6.9", "1.7")).toBe(-1);
    expect(compareVersions("3", "2.99.99")).toBe(1);
  });

  it("counts missing parts as zero", () => {
    expect(compareVersions("2.6", "2.6.0")).toBe(0);
    expect(compareVersions("2.6.0.0", "2.6")).toBe(0);
    expect(compareVersions("2.6", "2.6.1")).toBe(-1);
  });

  it("ignores a leading v and build metadata, and puts a pre-release before its release", () => {
    expect(compareVersions("v2.1.0", "2.1.0")).toBe(0);
    expect(compareVersions("2.1.0+build-7", "2.1.0")).toBe(0);
    expect(compareVersions("2.6.0-beta.1", "2.6.0")).toBe(-1);
    expect(compareVersions("2.6.1-beta.1", "2.6.0")).toBe(1);
  });

  it("treats unreadable parts as zero instead of failing", () => {
    expect(compareVersions("", "0")).toBe(0);
    expect(compareVersions("x.y", "0.0.1")).toBe(-1);
  });
});

describe("isVersionAtLeast", () => {
  it("checks the thresholds of SPEC §9", () => {
    expect(isVersionAtLeast("2.6.0", "2.6.0")).toBe(true);
    expect(isVersionAtLeast("2.5.99", "2.6.0")).toBe(false);
    expect(isVersionAtLeast("2.1", "2.1.0")).toBe(true);
  });
});
