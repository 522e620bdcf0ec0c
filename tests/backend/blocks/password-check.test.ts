import { createHash } from "node:crypto";
import { isCommonPassword } from "@/lib/backend/passwords/common-passwords";
import { foundInRange } from "@/lib/backend/passwords/pwned-range";

/** The checker's parts on their own: the offline list and the range answer's parsing. */
describe("the offline list of common passwords", () => {
  test("refuses the classics, in any case", async () => {
    for (const password of ["password1", "Password1", "PASSWORD1", "qwerty123", "iloveyou", "zaq12wsx", "Passw0rd"]) {
      expect(await isCommonPassword(password)).toBe(true);
    }
  });

  test("lets through passwords that are not on it", async () => {
    for (const password of ["Laser-2026", "secret-pass1", "cafe\u0301-pass", "𠀀𠀁𠀂𠀃𠀄𠀅", "correct horse battery"]) {
      expect(await isCommonPassword(password)).toBe(false);
    }
  });
});

describe("a range answer (SUFFIX:COUNT lines)", () => {
  const digest = createHash("sha1").update("Laser-Pwned-2026").digest("hex").toUpperCase();
  const suffix = digest.slice(5);

  test("a suffix seen at least once is found, whatever the case of the answer and its line ends", () => {
    expect(foundInRange(`0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${suffix.toLowerCase()}:3\r\n`, suffix)).toBe(true);
    expect(foundInRange(`${suffix}:12`, suffix)).toBe(true);
  });

  test("padding lines (count 0) and other suffixes are not a match", () => {
    expect(foundInRange(`${suffix}:0\n00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2`, suffix)).toBe(false);
    expect(foundInRange("", suffix)).toBe(false);
    expect(foundInRange("not an answer at all", suffix)).toBe(false);
  });
});
