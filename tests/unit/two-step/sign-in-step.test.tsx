import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LoginForm } from "@/components/auth/login-form";
import { loginWithPasswordAction } from "@/lib/actions/auth/login";
import { finishTwoStepAction } from "@/lib/actions/auth/two-step";
import { confirmDeviceAction } from "@/lib/actions/auth/email-code";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/auth/login", () => ({ loginWithPasswordAction: jest.fn(), loginWithCodeAction: jest.fn() }));
jest.mock("@/lib/actions/auth/two-step", () => ({ finishTwoStepAction: jest.fn() }));
jest.mock("@/lib/actions/auth/email-code", () => ({ sendEmailCodeAction: jest.fn(), confirmDeviceAction: jest.fn() }));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const passwordLogin = jest.mocked(loginWithPasswordAction);
const finish = jest.mocked(finishTwoStepAction);
const confirmDevice = jest.mocked(confirmDeviceAction);
const TICKET = "t".repeat(43);

async function signInHeld(lang: "en" | "zh") {
  passwordLogin.mockResolvedValue({ ok: false, error: { code: 20901, challenge: TICKET } });
  renderIn(lang, <LoginForm lang={lang} registerHref={null} findPasswordHref={null} businessHref={null} />);
  const t = messages[lang].login;
  await userEvent.type(screen.getByLabelText(t.email), "ada@example.com");
  await userEvent.type(screen.getByLabelText(t.password), "secret1");
  await userEvent.click(screen.getByLabelText(t.remember));
  await userEvent.click(screen.getByRole("button", { name: t.submit }));
}

beforeEach(() => {
  window.history.replaceState({}, "", "/en/login?p=atomm");
  jest.resetAllMocks();
});

describe("the second step of a sign-in (20901)", () => {
  it.each(["en", "zh"] as const)("asks for the authenticator code instead of the password form, and says when it is wrong (%s)", async (lang) => {
    const t = messages[lang].twoStep.signIn;
    finish.mockResolvedValue({ ok: false, error: { code: 20903 } });
    await signInHeld(lang);
    expect(await screen.findByRole("heading", { name: t.title })).toBeInTheDocument();
    expect(screen.queryByLabelText(messages[lang].login.password)).not.toBeInTheDocument();
    const field = screen.getByLabelText(t.totpLabel);
    expect(field).toHaveFocus();
    await userEvent.type(field, "123456{Enter}");
    expect(finish).toHaveBeenCalledWith({ ticket: TICKET, remember: true, method: "totp", code: "123456" }, { lang, query: "p=atomm" });
    expect(await screen.findByText(t.twoStepCodeIncorrect)).toBeInTheDocument();
  });

  it("switches to a recovery code, checks its shape before sending it, and says when the sign-in must start again", async () => {
    const t = messages.en.twoStep.signIn;
    finish.mockResolvedValue({ ok: false, error: { code: 20902 } });
    await signInHeld("en");
    await userEvent.click(await screen.findByRole("button", { name: t.useRecovery }));
    const field = screen.getByLabelText(t.recoveryLabel);
    await userEvent.type(field, "x{Enter}");
    expect(await screen.findByText(messages.en.validation.recoveryCodeInvalid)).toBeInTheDocument();
    expect(finish).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, "abcde-fghjk{Enter}");
    expect(finish).toHaveBeenCalledWith({ ticket: TICKET, remember: true, method: "recovery", code: "abcde-fghjk" }, { lang: "en", query: "p=atomm" });
    expect(await screen.findByText(messages.en.errors["20902"])).toBeInTheDocument();
    expect(screen.getByRole("button", { name: t.submit })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: t.back }));
    expect(screen.getByLabelText(messages.en.login.email)).toHaveValue("ada@example.com");
  });
});

test("a device code that leads to the second step (two-step turned on meanwhile) shows it", async () => {
  const t = messages.en;
  passwordLogin.mockResolvedValue({ ok: false, error: { code: 20109, challenge: "c".repeat(43) } });
  confirmDevice.mockResolvedValue({ ok: false, error: { code: 20901, challenge: TICKET } });
  renderIn("en", <LoginForm lang="en" registerHref={null} findPasswordHref={null} businessHref={null} />);
  await userEvent.type(screen.getByLabelText(t.login.email), "ada@example.com");
  await userEvent.type(screen.getByLabelText(t.login.password), "secret1");
  await userEvent.click(screen.getByRole("button", { name: t.login.submit }));
  await userEvent.type(await screen.findByLabelText(t.deviceSignIn.code), "123456{Enter}");
  expect(await screen.findByRole("heading", { name: t.twoStep.signIn.title })).toBeInTheDocument();
  expect(screen.getByLabelText(t.twoStep.signIn.totpLabel)).toBeInTheDocument();
});
