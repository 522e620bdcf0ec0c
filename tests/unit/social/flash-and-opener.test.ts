import { decodeFlash, encodeFlash, takeSocialFlash } from "@/lib/social/flash";
import { LOGIN_MESSAGE, notifyOpener } from "@/components/social/notify-opener";

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

describe("telling the window that opened the portal", () => {
  it("posts only to exact origins: its own without the token, each allowlisted host with it, never '*'", () => {
    const postMessage = jest.fn();
    notifyOpener({ postMessage } as unknown as Window, { token: "t".repeat(43), origins: ["https://host.example", window.location.origin] });
    expect(postMessage.mock.calls).toEqual([
      [{ type: LOGIN_MESSAGE }, window.location.origin],
      [{ type: LOGIN_MESSAGE, utoken: "t".repeat(43) }, "https://host.example"],
    ]);
    expect(postMessage.mock.calls.every(([, origin]) => origin !== "*")).toBe(true);
  });
});
