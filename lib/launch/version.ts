/**
 * Compares app versions the way native clients send them ("2.6", "2.6.0", "v2.6.1-beta").
 * Missing parts count as 0, so "2.6" equals "2.6.0"; a pre-release tag sorts before the
 * release of the same number. Returns -1, 0 or 1.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = parseVersion(a);
  const right = parseVersion(b);
  const length = Math.max(left.parts.length, right.parts.length);
  for (let i = 0; i < length; i++) {
    const difference = (left.parts[i] ?? 0) - (right.parts[i] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  if (left.preRelease === right.preRelease) return 0;
  return left.preRelease ? -1 : 1;
}

/** True when `version` is `minimum` or newer. */
export function isVersionAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}

function parseVersion(version: string): { parts: number[]; preRelease: boolean } {
  const [withoutBuild = ""] = version.trim().replace(/^v/i, "").split("+");
  const [core = "", ...preRelease] = withoutBuild.split("-");
  const parts = core.split(".").map((part) => {
    const digits = /^\d+/.exec(part);
    return digits ? Number(digits[0]) : 0;
  });
  return { parts, preRelease: preRelease.length > 0 };
}
