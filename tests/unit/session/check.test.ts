/** @jest-environment node */
import { CHECK_FRESH_SECONDS, readCheck, sealCheck } from "@/lib/session/check";

const SECRET = "a-session-secret-of-at-least-32-characters!";

describe("the sealed session check", () => {
  it("is believed for its own token while fresh, then asked again", async () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    const sealed = await sealCheck("token-a", { enterprise: true, uid: "u-1" }, SECRET, now);
    expect(await readCheck(sealed, "token-a", SECRET, now + 1000)).toEqual({ enterprise: true, uid: "u-1" });
    expect(await readCheck(sealed, "token-a", SECRET, now + (CHECK_FRESH_SECONDS + 1) * 1000)).toBeNull();
  });

  it("is bound to the token, the secret and its integrity", async () => {
    const now = Date.now();
    const sealed = await sealCheck("token-a", { enterprise: false, uid: "u-1" }, SECRET, now);
    expect(await readCheck(sealed, "token-b", SECRET, now)).toBeNull();
    expect(await readCheck(sealed, "token-a", `${SECRET}-rotated`, now)).toBeNull();
    expect(await readCheck(`${sealed.slice(0, -4)}AAAA`, "token-a", SECRET, now)).toBeNull();
    expect(await readCheck("not-a-seal", "token-a", SECRET, now)).toBeNull();
    expect(await readCheck(sealed, "token-a", null, now)).toBeNull();
  });

  it("once opened, is still bound to its token and secret, and still goes stale", async () => {
    const now = Date.parse("2026-11-23T11:00:00Z");
    const sealed = await sealCheck("token-c", { enterprise: false, uid: "u-3" }, SECRET, now);
    expect(await readCheck(sealed, "token-c", SECRET, now)).toEqual({ enterprise: false, uid: "u-3" });
    // the same cookie again: the same answer, for that token and secret only
    expect(await readCheck(sealed, "token-c", SECRET, now + 30_000)).toEqual({ enterprise: false, uid: "u-3" });
    expect(await readCheck(sealed, "token-d", SECRET, now + 30_000)).toBeNull();
    expect(await readCheck(sealed, "token-c", `${SECRET}-rotated`, now + 30_000)).toBeNull();
    expect(await readCheck(sealed, "token-c", SECRET, now + (CHECK_FRESH_SECONDS + 1) * 1000)).toBeNull();
    expect(await readCheck(sealed, "token-c", SECRET, now + 30_000 + (CHECK_FRESH_SECONDS + 1) * 1000)).toBeNull();
  });
});
