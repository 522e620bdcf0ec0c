import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LoginForm } from "@/components/auth/login-form";
import { EnterpriseLoginForm } from "@/components/auth/enterprise-login-form";
import { loginWithPasswordAction } from "@/lib/actions/auth/login";
import { enterpriseLoginAction } from "@/lib/actions/auth/enterprise-login";
import { confirmDeviceAction } from "@/lib/actions/auth/email-code";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/auth/login", () => ({ loginWithPasswordAction: jest.fn(), loginWithCodeAction: jest.fn() }));
jest.mock("@/lib/actions/auth/enterprise-login", () => ({ enterpriseLoginAction: jest.fn() }));
jest.mock("@/lib/actions/auth/email-code", () => ({ sendEmailCodeAction: jest.fn(), confirmDeviceAction: jest.fn() }));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const passwordLogin = jest.mocked(loginWithPasswordAction);
const enterpriseLogin = jest.mocked(enterpriseLoginAction);
const confirmDevice = jest.mocked(confirmDeviceAction);
const { en, zh } = messages;
const CHALLENGE = "c".repeat(43);
const held = { ok: false as const, error: { code: 20109, challenge: CHALLENGE } };

function renderLogin(locale: "en" | "zh" = "en") {
  return renderIn(
    locale,
    <LoginForm lang={locale} registerHref={null} findPasswordHref={null} businessHref={null} />,
  );
}

async function logIn(locale: "en" | "zh", remember = false) {
  const t = messages[locale].login;
  await userEvent.type(screen.getByLabelText(t.email), "ada@example.com");
  await userEvent.type(screen.getByLabelText(t.password), "secret1");
  if (remember) await userEvent.click(screen.getByLabelText(t.remember));
  await userEvent.click(screen.getByRole("button", { name: t.submit }));
}

beforeEach(() => {
  window.history.replaceState({}, "", "/en/login?p=atomm");
  passwordLogin.mockReset();
  enterpriseLogin.mockReset();
  confirmDevice.mockReset();
});

describe("sign-in from a new device (20109)", () => {
  it("switches the password login to the emailed-code step, in the page's language", async () => {
    passwordLogin.mockResolvedValue(held);
    renderLogin("zh");
    await logIn("zh");
    expect(await screen.findByRole("heading", { name: zh.deviceSignIn.title })).toBeInTheDocument();
    expect(screen.getByText(zh.deviceSignIn.intro)).toBeInTheDocument();
    expect(screen.queryByLabelText(zh.login.password)).not.toBeInTheDocument();
  });

  it("finishes the sign-in with the challenge, the code and the form's remember me", async () => {
    passwordLogin.mockResolvedValue(held);
    confirmDevice.mockResolvedValue({ ok: false, error: { code: 1002 } });
    renderLogin();
    await logIn("en", true);
    await userEvent.type(await screen.findByLabelText(en.deviceSignIn.code), "123456");
    await userEvent.click(screen.getByRole("button", { name: en.deviceSignIn.submit }));
    expect(confirmDevice).toHaveBeenCalledWith({ challenge: CHALLENGE, code: "123456", remember: true }, { lang: "en", query: "p=atomm" });
    expect(await screen.findByText(en.errors["1002"])).toBeInTheDocument();
  });

  it("needs a code, and says when the code is wrong", async () => {
    passwordLogin.mockResolvedValue(held);
    confirmDevice.mockResolvedValue({ ok: false, error: { code: 20204 } });
    renderLogin();
    await logIn("en");
    await userEvent.click(await screen.findByRole("button", { name: en.deviceSignIn.submit }));
    expect(await screen.findByText(en.validation.codeRequired)).toBeInTheDocument();
    expect(confirmDevice).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(en.deviceSignIn.code), "000000");
    await userEvent.click(screen.getByRole("button", { name: en.deviceSignIn.submit }));
    expect(await screen.findByText(en.validation.deviceCodeIncorrect)).toBeInTheDocument();
  });

  it("goes back to the form with what was typed", async () => {
    passwordLogin.mockResolvedValue(held);
    renderLogin();
    await logIn("en");
    await userEvent.click(await screen.findByRole("button", { name: en.deviceSignIn.back }));
    expect(screen.getByLabelText(en.login.email)).toHaveValue("ada@example.com");
    expect(screen.queryByRole("heading", { name: en.deviceSignIn.title })).not.toBeInTheDocument();
  });

  it("ignores a 20109 that came without a challenge: the message is shown instead", async () => {
    passwordLogin.mockResolvedValue({ ok: false, error: { code: 20109 } });
    renderLogin();
    await logIn("en");
    expect(await screen.findByText(en.errors["20109"])).toBeInTheDocument();
    expect(screen.queryByLabelText(en.deviceSignIn.code)).not.toBeInTheDocument();
  });

  it("asks for the code after an enterprise login too", async () => {
    enterpriseLogin.mockResolvedValue(held);
    confirmDevice.mockResolvedValue({ ok: false, error: { code: 20204 } });
    renderIn("en", <EnterpriseLoginForm lang="en" personalHref="/en/login" />);
    await userEvent.type(screen.getByLabelText(en.loginBusiness.account), "E2E-EN");
    await userEvent.type(screen.getByLabelText(en.loginBusiness.email), "boss@acme.test");
    await userEvent.type(screen.getByLabelText(en.loginBusiness.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: en.loginBusiness.submit }));
    await userEvent.type(await screen.findByLabelText(en.deviceSignIn.code), "654321");
    await userEvent.click(screen.getByRole("button", { name: en.deviceSignIn.submit }));
    expect(confirmDevice).toHaveBeenCalledWith({ challenge: CHALLENGE, code: "654321", remember: false }, { lang: "en", query: "p=atomm" });
    expect(await screen.findByText(en.validation.deviceCodeIncorrect)).toBeInTheDocument();
  });
});
