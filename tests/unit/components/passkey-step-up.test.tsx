import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { LoginForm } from "@/components/auth/login-form";
import { SocialButtons } from "@/components/auth/social-buttons";
import { passkeySignInAction, passkeySignInOptionsAction } from "@/lib/actions/auth/passkey-login";
import { completeSignIn } from "@/lib/bridge/sign-in";
import { askForPasskey, autofillAvailable, passkeysUsable } from "@/lib/passkeys/browser";
import { messages, renderIn } from "../support/render";

/**
 * An app asked the OpenID Provider for a sign-in only a passkey meets (acr_values=phr) and the
 * account has one: the provider sends the browser to /login?reauth=1&stepup=passkey, where the
 * passkey is the only way offered, with the reason, in the page's language.
 */
jest.mock("@/lib/actions/auth/passkey-login", () => ({ passkeySignInOptionsAction: jest.fn(), passkeySignInAction: jest.fn() }));
jest.mock("@/lib/actions/auth/login", () => ({ loginWithPasswordAction: jest.fn(), loginWithCodeAction: jest.fn() }));
jest.mock("@/lib/bridge/sign-in", () => ({ completeSignIn: jest.fn() }));
jest.mock("@/lib/passkeys/browser", () => jest.requireActual<typeof import("../support/fake-passkeys-browser")>("../support/fake-passkeys-browser").fakePasskeysBrowser());

const answer: AuthenticationResponseJSON = { id: "cred", rawId: "cred", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } };
const attempt = "a".repeat(43);
const back = encodeURIComponent("http://localhost:3000/oidc/interaction/abc");

beforeEach(() => {
  jest.mocked(passkeysUsable).mockReturnValue(true);
  jest.mocked(autofillAvailable).mockResolvedValue(false);
  jest.mocked(passkeySignInOptionsAction).mockResolvedValue({ ok: true, attempt, options: { challenge: "c", rpId: "localhost" } });
  jest.mocked(askForPasskey).mockResolvedValue(answer);
  jest.mocked(passkeySignInAction).mockResolvedValue({ ok: true, redirect: "http://localhost:3000/oidc/interaction/abc" });
});
afterEach(() => jest.resetAllMocks());

const renderLogin = (lang: "en" | "zh") =>
  renderIn(
    lang,
    <>
      <LoginForm lang={lang} registerHref={`/${lang}/register`} findPasswordHref={`/${lang}/findpwd`} businessHref={`/${lang}/login-business`} />
      <SocialButtons lang={lang} providers={["google"]} visible />
    </>,
  );

it.each(["en", "zh"] as const)("the passkey step-up offers the passkey alone and says why; it signs in and goes back to the app (%s)", async (lang) => {
  const t = messages[lang];
  window.history.replaceState({}, "", `/${lang}/login?reauth=1&stepup=passkey&r=${back}`);
  renderLogin(lang);
  expect(screen.getByRole("status")).toHaveTextContent(t.login.passkeyStepUp);
  const passkey = await screen.findByRole("button", { name: t.passkeys.signIn });
  expect(screen.queryByLabelText(t.login.password)).not.toBeInTheDocument();
  expect(screen.queryByRole("tab", { name: t.login.codeMode })).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: t.login.toRegister })).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: /google/i })).not.toBeInTheDocument();
  expect(screen.queryByText(t.passkeys.or)).not.toBeInTheDocument();

  await userEvent.click(passkey);
  await waitFor(() => expect(completeSignIn).toHaveBeenCalledWith(expect.objectContaining({ redirect: "http://localhost:3000/oidc/interaction/abc" })));
  expect(passkeySignInAction).toHaveBeenCalledWith(expect.objectContaining({ attempt, response: answer }), expect.objectContaining({ lang }));
});

it("a browser that cannot use passkeys is told so, and no other way is offered", async () => {
  jest.mocked(passkeysUsable).mockReturnValue(false);
  window.history.replaceState({}, "", `/zh/login?reauth=1&stepup=passkey&r=${back}`);
  renderLogin("zh");
  expect(await screen.findByText(messages.zh.login.passkeyStepUpUnusable)).toBeInTheDocument();
  expect(screen.queryByLabelText(messages.zh.login.password)).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: messages.zh.passkeys.signIn })).not.toBeInTheDocument();
});

it("a fresh sign-in without the passkey step-up is the ordinary page: password, code, social and passkey", async () => {
  const t = messages.en;
  window.history.replaceState({}, "", `/en/login?reauth=1&r=${back}`);
  renderLogin("en");
  expect(screen.getByLabelText(t.login.password)).toBeInTheDocument();
  expect(screen.getByRole("tab", { name: t.login.codeMode })).toBeInTheDocument();
  expect(await screen.findByRole("button", { name: t.passkeys.signIn })).toBeInTheDocument();
  expect(screen.queryByText(t.login.passkeyStepUp)).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: /google/i })).toBeInTheDocument();
});
