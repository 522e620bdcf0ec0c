import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LoginForm } from "@/components/auth/login-form";
import { PASSKEY_UPGRADE_WAIT_MS } from "@/components/auth/use-password-sign-in";
import { loginWithPasswordAction } from "@/lib/actions/auth/login";
import { completeSignIn } from "@/lib/bridge/sign-in";
import { upgradeToPasskey } from "@/lib/passkeys/auto-upgrade";
import { messages, renderIn } from "../support/render";

jest.mock("next/navigation", () => ({
  ...jest.requireActual<typeof import("next/navigation")>("next/navigation"),
  useSearchParams: () => new URLSearchParams(window.location.search),
}));
jest.mock("@/lib/actions/auth/login", () => ({ loginWithPasswordAction: jest.fn(), loginWithCodeAction: jest.fn() }));
jest.mock("@/lib/actions/auth/email-code", () => ({ sendEmailCodeAction: jest.fn() }));
jest.mock("@/lib/bridge/sign-in", () => ({ completeSignIn: jest.fn() }));
jest.mock("@/lib/passkeys/auto-upgrade", () => ({ upgradeToPasskey: jest.fn() }));

/** A password sign-in tries the automatic passkey upgrade, but never waits long for it. */
const { en } = messages;

function withClientCapabilities(present: boolean): void {
  const credential = function PublicKeyCredential() {};
  if (present) Object.defineProperty(credential, "getClientCapabilities", { value: () => Promise.resolve({ conditionalCreate: true }) });
  Object.defineProperty(window, "PublicKeyCredential", { value: credential, configurable: true, writable: true });
}

async function signIn(): Promise<void> {
  renderIn("en", <LoginForm lang="en" registerHref="/en/register" findPasswordHref="/en/findpwd" businessHref="/en/login-business" />);
  await userEvent.type(screen.getByLabelText(en.login.email), "ada@example.com");
  await userEvent.type(screen.getByLabelText(en.login.password), "secret1");
  await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
}

beforeEach(() => {
  window.history.replaceState({}, "", "/en/login");
  jest.mocked(loginWithPasswordAction).mockResolvedValue({ ok: true, redirect: "/en/profile" });
});
afterEach(() => jest.resetAllMocks());

describe("the automatic passkey upgrade in the password sign-in", () => {
  it("is tried with the signed-in page before the browser leaves", async () => {
    withClientCapabilities(true);
    jest.mocked(upgradeToPasskey).mockResolvedValue(undefined);
    await signIn();
    await waitFor(() => expect(completeSignIn).toHaveBeenCalledWith(expect.objectContaining({ redirect: "/en/profile" })));
    expect(upgradeToPasskey).toHaveBeenCalledWith({ lang: "en", query: "", business: false });
    expect(jest.mocked(upgradeToPasskey).mock.invocationCallOrder[0]).toBeLessThan(jest.mocked(completeSignIn).mock.invocationCallOrder[0] ?? 0);
  });

  it("holds the redirect no longer than its bound when the upgrade hangs", async () => {
    withClientCapabilities(true);
    jest.mocked(upgradeToPasskey).mockReturnValue(new Promise<void>(() => undefined));
    await signIn();
    await waitFor(() => expect(completeSignIn).toHaveBeenCalled(), { timeout: PASSKEY_UPGRADE_WAIT_MS + 2_000 });
  });

  it("is not loaded at all in a browser that cannot report its capabilities", async () => {
    withClientCapabilities(false);
    await signIn();
    await waitFor(() => expect(completeSignIn).toHaveBeenCalled());
    expect(upgradeToPasskey).not.toHaveBeenCalled();
  });
});
