import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { PasskeySignIn } from "@/components/auth/passkey-sign-in";
import { passkeySignInAction, passkeySignInOptionsAction } from "@/lib/actions/auth/passkey-login";
import { completeSignIn } from "@/lib/bridge/sign-in";
import { askForPasskey, autofillAvailable, passkeysUsable, signalPasskeys, signalUnknownPasskey } from "@/lib/passkeys/browser";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/auth/passkey-login", () => ({ passkeySignInOptionsAction: jest.fn(), passkeySignInAction: jest.fn() }));
jest.mock("@/lib/bridge/sign-in", () => ({ completeSignIn: jest.fn() }));
jest.mock("@/lib/passkeys/browser", () => ({
  passkeysUsable: jest.fn(),
  autofillAvailable: jest.fn(),
  askForPasskey: jest.fn(),
  signalPasskeys: jest.fn(),
  signalUnknownPasskey: jest.fn(),
  passkeyCancelled: (error: unknown) => error instanceof Error && error.name === "NotAllowedError",
  passkeyForbidden: (error: unknown) => error instanceof Error && error.name === "SecurityError",
}));

const { en, zh } = messages;
const page = { lang: "en", query: "r=https%3A%2F%2Fshop.example" };
const answer: AuthenticationResponseJSON = { id: "cred", rawId: "cred", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } };
const options = { ok: true as const, attempt: "a".repeat(43), options: { challenge: "c", rpId: "localhost" } };

beforeEach(() => {
  jest.mocked(passkeysUsable).mockReturnValue(true);
  jest.mocked(autofillAvailable).mockResolvedValue(false);
  jest.mocked(passkeySignInOptionsAction).mockResolvedValue(options);
});
afterEach(() => jest.resetAllMocks());

describe("sign in with a passkey", () => {
  it("the button asks the browser for a passkey and completes the sign-in where the action says", async () => {
    jest.mocked(askForPasskey).mockResolvedValue(answer);
    jest.mocked(passkeySignInAction).mockResolvedValue({ ok: true, redirect: "https://shop.example/" });
    renderIn("zh", <PasskeySignIn page={{ ...page, lang: "zh" }} remember={() => false} />);
    await userEvent.click(await screen.findByRole("button", { name: zh.passkeys.signIn }));
    expect(askForPasskey).toHaveBeenCalledWith(options.options, false);
    expect(passkeySignInAction).toHaveBeenCalledWith({ attempt: options.attempt, response: answer, remember: false }, { ...page, lang: "zh" });
    expect(completeSignIn).toHaveBeenCalledWith(expect.objectContaining({ redirect: "https://shop.example/" }));
  });

  it("tells the browser the account's passkeys before it leaves, and names a passkey the site does not know", async () => {
    const signals = { rpId: "localhost", userId: "dQ", name: "a@example.com", displayName: "A", credentialIds: ["other"] };
    jest.mocked(askForPasskey).mockResolvedValue(answer);
    jest.mocked(passkeySignInAction).mockResolvedValueOnce({ ok: false, error: { code: 20701, unknownPasskey: true } });
    renderIn("en", <PasskeySignIn page={page} remember={() => false} />);
    await userEvent.click(await screen.findByRole("button", { name: en.passkeys.signIn }));
    expect(await screen.findByText(en.errors["20701"])).toBeInTheDocument();
    expect(signalUnknownPasskey).toHaveBeenCalledWith("localhost", "cred");

    jest.mocked(passkeySignInAction).mockResolvedValueOnce({ ok: true, redirect: "https://shop.example/", signals });
    await userEvent.click(screen.getByRole("button", { name: en.passkeys.signIn }));
    await act(async () => undefined);
    expect(signalPasskeys).toHaveBeenCalledWith(signals);
    expect(jest.mocked(signalPasskeys).mock.invocationCallOrder[0]).toBeLessThan(jest.mocked(completeSignIn).mock.invocationCallOrder[0] ?? 0);
    expect(signalUnknownPasskey).toHaveBeenCalledTimes(1);
  });

  it("a refused passkey says why, translated", async () => {
    jest.mocked(askForPasskey).mockResolvedValue(answer);
    jest.mocked(passkeySignInAction).mockResolvedValue({ ok: false, error: { code: 20701 } });
    renderIn("en", <PasskeySignIn page={page} remember={() => false} />);
    await userEvent.click(await screen.findByRole("button", { name: en.passkeys.signIn }));
    expect(await screen.findByText(en.errors["20701"])).toBeInTheDocument();
    expect(completeSignIn).not.toHaveBeenCalled();
    // a known passkey answered wrongly: the browser keeps offering it
    expect(signalUnknownPasskey).not.toHaveBeenCalled();
  });

  it("is not offered where the browser or the frame cannot use passkeys, and hides itself on a SecurityError", async () => {
    // the component has asked whether passkeys work here, and rendered what the answer gives
    const asked = new Promise<void>((resolve) =>
      jest.mocked(passkeysUsable).mockImplementation(() => {
        resolve();
        return false;
      }),
    );
    const { unmount } = renderIn("en", <PasskeySignIn page={page} remember={() => false} />);
    await act(() => asked);
    expect(screen.queryByRole("button", { name: en.passkeys.signIn })).not.toBeInTheDocument();
    unmount();

    jest.mocked(passkeysUsable).mockReturnValue(true);
    jest.mocked(askForPasskey).mockRejectedValue(Object.assign(new Error("not allowed here"), { name: "SecurityError" }));
    renderIn("en", <PasskeySignIn page={page} remember={() => false} />);
    await userEvent.click(await screen.findByRole("button", { name: en.passkeys.signIn }));
    expect(screen.queryByRole("button", { name: en.passkeys.signIn })).not.toBeInTheDocument();
  });

  it("offers the passkeys in the email field's autofill where the browser supports it", async () => {
    jest.mocked(autofillAvailable).mockResolvedValue(true);
    // the autofill's request stays pending until a passkey is chosen; the test hears it asked
    const asked = new Promise<unknown[]>((resolve) =>
      jest.mocked(askForPasskey).mockImplementation((...args) => {
        resolve(args);
        return new Promise(() => undefined);
      }),
    );
    renderIn("en", <PasskeySignIn page={page} remember={() => false} />);
    await screen.findByRole("button", { name: en.passkeys.signIn });
    expect(await asked).toEqual([options.options, true]);
  });
});
