import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { EnterpriseLoginForm } from "@/components/auth/enterprise-login-form";
import { LoginForm } from "@/components/auth/login-form";
import { passkeySignInAction, passkeySignInOptionsAction } from "@/lib/actions/auth/passkey-login";
import { askForPasskey, autofillAvailable, passkeysUsable } from "@/lib/passkeys/browser";
import { messages, renderIn } from "../support/render";

/** A passkey sign-in honours the screen's "remember me" as a password sign-in does (it was always off). */
jest.mock("@/lib/actions/auth/passkey-login", () => ({ passkeySignInOptionsAction: jest.fn(), passkeySignInAction: jest.fn() }));
jest.mock("@/lib/actions/auth/login", () => ({ loginWithPasswordAction: jest.fn(), loginWithCodeAction: jest.fn() }));
jest.mock("@/lib/actions/auth/enterprise-login", () => ({ enterpriseLoginAction: jest.fn() }));
jest.mock("@/lib/bridge/sign-in", () => ({ completeSignIn: jest.fn() }));
jest.mock("@/lib/passkeys/browser", () => jest.requireActual<typeof import("../support/fake-passkeys-browser")>("../support/fake-passkeys-browser").fakePasskeysBrowser());

const { zh } = messages;
const answer: AuthenticationResponseJSON = { id: "cred", rawId: "cred", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } };
const attempt = "a".repeat(43);

beforeEach(() => {
  window.history.replaceState({}, "", "/en/login");
  jest.mocked(passkeysUsable).mockReturnValue(true);
  jest.mocked(autofillAvailable).mockResolvedValue(false);
  jest.mocked(passkeySignInOptionsAction).mockResolvedValue({ ok: true, attempt, options: { challenge: "c", rpId: "localhost" } });
  jest.mocked(askForPasskey).mockResolvedValue(answer);
  jest.mocked(passkeySignInAction).mockResolvedValue({ ok: false, error: { code: 20701 } });
});
afterEach(() => jest.resetAllMocks());

function rememberSent(call: number): unknown {
  return jest.mocked(passkeySignInAction).mock.calls[call]?.[0].remember;
}

it.each(["en", "zh"] as const)("on /login a passkey signs in remembered only when the form's box is ticked (%s)", async (lang) => {
  const t = messages[lang];
  renderIn(lang, <LoginForm lang={lang} registerHref={null} findPasswordHref={null} businessHref={null} />);
  const passkey = await screen.findByRole("button", { name: t.passkeys.signIn });
  await userEvent.click(passkey);
  await waitFor(() => expect(passkeySignInAction).toHaveBeenCalledTimes(1));
  expect(rememberSent(0)).toBe(false);

  await userEvent.click(screen.getByLabelText(t.login.remember));
  await userEvent.click(await screen.findByRole("button", { name: t.passkeys.signIn }));
  await waitFor(() => expect(passkeySignInAction).toHaveBeenCalledTimes(2));
  expect(rememberSent(1)).toBe(true);

  // the emailed-code tab has its own box, unticked: the passkey follows the form on show
  await userEvent.click(screen.getByRole("tab", { name: t.login.codeMode }));
  expect(await screen.findByRole("button", { name: t.login.sendCode })).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: t.passkeys.signIn }));
  await waitFor(() => expect(passkeySignInAction).toHaveBeenCalledTimes(3));
  expect(rememberSent(2)).toBe(false);
});

it("on /login-business too", async () => {
  renderIn("zh", <EnterpriseLoginForm lang="zh" personalHref="/zh/login" />);
  await userEvent.click(screen.getByLabelText(zh.loginBusiness.remember));
  await userEvent.click(await screen.findByRole("button", { name: zh.passkeys.signIn }));
  await waitFor(() => expect(passkeySignInAction).toHaveBeenCalledTimes(1));
  expect(rememberSent(0)).toBe(true);
});
