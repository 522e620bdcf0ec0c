import { decodeFlash, encodeFlash, takeSocialFlash } from "@/lib/social/flash";

describe("the social flash", () => {
  it("round-trips an error code and a connected provider, and refuses anything else", () => {
    expect(decodeFlash(encodeFlash({ kind: "error", code: 20301 }))).toEqual({ kind: "error", code: 20301 });
    expect(decodeFlash(encodeFlash({ kind: "bound", channel: "facebook" }))).toEqual({ kind: "bound", channel: "facebook" });
    for (const bad of [undefined, "", "error.abc", "bound.<script>", "other.1", "error.1234567"]) expect(decodeFlash(bad)).toBeNull();
  });

  it("is read once and removed", () => {
    document.cookie = "passport_social=error.20301; path=/";
    expect(takeSocialFlash()).toEqual({ kind: "error", code: 20301 });
    expect(takeSocialFlash()).toBeNull();
  });
});
