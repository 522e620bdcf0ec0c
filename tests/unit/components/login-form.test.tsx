import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LoginForm } from "@/components/auth/login-form";
import { loginWithCodeAction, loginWithPasswordAction } from "@/lib/actions/auth/login";
import { sendEmailCodeAction } from "@/lib/actions/auth/email-code";
import { messages, renderIn } from "../support/render";

// The links read the launch parameters from the address, as they do under Next's router.
jest.mock("next/navigation", () => ({
  ...jest.requireActual<typeof import("next/navigation")>("next/navigation"),
  useSearchParams: () => new URLSearchParams(window.location.search),
}));
jest.mock("@/lib/actions/auth/login", () => ({ loginWithPasswordAction: jest.fn(), loginWithCodeAction: jest.fn() }));
jest.mock("@/lib/actions/auth/email-code", () => ({ sendEmailCodeAction: jest.fn() }));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const passwordAction = jest.mocked(loginWithPasswordAction);
const codeAction = jest.mocked(loginWithCodeAction);
const sendCode = jest.mocked(sendEmailCodeAction);
const { en, zh } = messages;
const page = { lang: "en", query: "p=atomm" };

function renderForm(locale: "en" | "zh" = "en") {
  return renderIn(
    locale,
    <LoginForm
      lang={locale}
      registerHref="/en/register"
      findPasswordHref="/en/findpwd"
      businessHref="/en/login-business"
    />,
  );
}

beforeEach(() => {
  window.history.replaceState({}, "", "/en/login?p=atomm");
  passwordAction.mockReset();
  codeAction.mockReset();
  sendCode.mockReset();
  window.sessionStorage.clear();
});

describe("password login form", () => {
  it("says what is missing, in the page's language, without calling the server", async () => {
    renderForm("zh");
    await userEvent.click(screen.getByRole("button", { name: zh.login.submit }));
    expect(await screen.findByText(zh.validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(zh.validation.passwordRequired)).toBeInTheDocument();
    expect(passwordAction).not.toHaveBeenCalled();
  });

  it("refuses an invalid email address", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@");
    await userEvent.type(screen.getByLabelText(en.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(await screen.findByText(en.validation.emailInvalid)).toBeInTheDocument();
    expect(passwordAction).not.toHaveBeenCalled();
  });

  it("says 'Request timed out' when the services did not answer in time", async () => {
    passwordAction.mockResolvedValue({ ok: false, error: { code: 1002, timedOut: true } });
    renderForm("zh");
    await userEvent.type(screen.getByLabelText(zh.login.email), "ada@example.com");
    await userEvent.type(screen.getByLabelText(zh.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: zh.login.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(zh.errors["10005"]);
  });

  it("shows the service's answer and keeps what the user typed", async () => {
    passwordAction.mockResolvedValue({ ok: false, error: { code: 20205 } });
    renderForm();
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@example.com");
    await userEvent.type(screen.getByLabelText(en.login.password), "wrong-pass");
    await userEvent.click(screen.getByLabelText(en.login.remember));
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["20205"]);
    expect(passwordAction).toHaveBeenCalledWith({ email: "ada@example.com", password: "wrong-pass", remember: true }, page, undefined);
    expect(screen.getByLabelText(en.login.email)).toHaveValue("ada@example.com");
    expect(screen.getByLabelText(en.login.password)).toHaveValue("wrong-pass");
  });

  it("shows 'Network error' when the request cannot be made", async () => {
    passwordAction.mockRejectedValue(new TypeError("Failed to fetch"));
    renderForm();
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@example.com");
    await userEvent.type(screen.getByLabelText(en.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["1002"]);
  });

  it("tells the wait in seconds when throttled (10004)", async () => {
    passwordAction.mockResolvedValue({ ok: false, error: { code: 10004, retryAfter: 42 } });
    renderForm();
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@example.com");
    await userEvent.type(screen.getByLabelText(en.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please try again in 42 seconds.");
  });

  it("asks for human verification when the services want it (20106); the next try carries its value", async () => {
    passwordAction.mockResolvedValueOnce({ ok: false, error: { code: 20106 } }).mockResolvedValueOnce({ ok: false, error: { code: 20205 } });
    renderForm();
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@example.com");
    await userEvent.type(screen.getByLabelText(en.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    const verify = await screen.findByRole("button", { name: "verify password_login for ada@example.com" });

    // Not solved yet: the form says so and does not call the services.
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["20106"]);
    expect(passwordAction).toHaveBeenCalledTimes(1);

    await userEvent.click(verify);
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(passwordAction).toHaveBeenLastCalledWith({ email: "ada@example.com", password: "secret1", remember: false }, page, {
      provider: "altcha",
      value: "solved:password_login:ada@example.com",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["20205"]);
    expect(screen.queryByRole("button", { name: /^verify / })).not.toBeInTheDocument();
  });

  it("links to register, password recovery and enterprise login with the launch context", () => {
    renderForm();
    expect(screen.getByRole("link", { name: en.login.toRegister })).toHaveAttribute("href", "/en/register?p=atomm");
    expect(screen.getByRole("link", { name: en.login.forgot })).toHaveAttribute("href", "/en/findpwd?p=atomm");
    expect(screen.getByRole("link", { name: en.login.business })).toHaveAttribute("href", "/en/login-business?p=atomm");
  });
});

describe("code login form", () => {
  /** The code tab's form loads when the tab is first opened. */
  async function toCodeMode() {
    await userEvent.click(screen.getByRole("tab", { name: en.login.codeMode }));
    const panel = screen.getByRole("tabpanel");
    await within(panel).findByLabelText(en.login.code);
    return panel;
  }

  it("is a tab of the login screen, with its own remember me", async () => {
    renderForm();
    expect(screen.getByRole("tab", { name: en.login.passwordMode })).toHaveAttribute("aria-selected", "true");
    const panel = await toCodeMode();
    expect(screen.getByRole("tab", { name: en.login.codeMode })).toHaveAttribute("aria-selected", "true");
    expect(within(panel).getByLabelText(en.login.code)).toBeInTheDocument();
    expect(within(panel).getByLabelText(en.login.remember)).toBeInTheDocument();
    expect(within(panel).queryByLabelText(en.login.password)).not.toBeInTheDocument();
  });

  it("checks the email before any verification or code request", async () => {
    renderForm();
    const panel = await toCodeMode();
    await userEvent.click(within(panel).getByRole("button", { name: en.login.sendCode }));
    expect(await within(panel).findByText(en.validation.emailRequired)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^verify / })).not.toBeInTheDocument();
    expect(sendCode).not.toHaveBeenCalled();
  });

  it("requires a code that was requested first", async () => {
    renderForm();
    const panel = await toCodeMode();
    await userEvent.type(within(panel).getByLabelText(en.login.email), "ada@example.com");
    await userEvent.click(within(panel).getByRole("button", { name: en.login.submit }));
    expect(await within(panel).findByText(en.validation.codeRequired)).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText(en.login.code), "123456");
    await userEvent.click(within(panel).getByRole("button", { name: en.login.submit }));
    expect(await within(panel).findByText(en.validation.codeRequestFirst)).toBeInTheDocument();
    expect(codeAction).not.toHaveBeenCalled();
  });

  it("sends the code after human verification, counts down, and signs in with its nonce", async () => {
    sendCode.mockResolvedValue({ ok: true, nonce: "n".repeat(32), resendAfter: 60 });
    codeAction.mockResolvedValue({ ok: false, error: { code: 20204 } });
    renderForm();
    const panel = await toCodeMode();
    await userEvent.type(within(panel).getByLabelText(en.login.email), "ada@example.com");
    await userEvent.click(within(panel).getByRole("button", { name: en.login.sendCode }));
    expect(sendCode).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole("button", { name: "verify login for ada@example.com" }));

    expect(sendCode).toHaveBeenCalledWith(
      { email: "ada@example.com", purpose: "login", verification: { provider: "altcha", value: "solved:login:ada@example.com" } },
      page,
    );
    expect(await within(panel).findByRole("status")).toHaveTextContent("We sent a code to ada@example.com.");
    expect(within(panel).getByRole("button", { name: /^Resend in \d+s$/ })).toBeDisabled();

    await userEvent.type(within(panel).getByLabelText(en.login.code), "654321");
    await userEvent.click(within(panel).getByLabelText(en.login.remember));
    await userEvent.click(within(panel).getByRole("button", { name: en.login.submit }));
    expect(codeAction).toHaveBeenCalledWith({ email: "ada@example.com", code: "654321", remember: true, nonce: "n".repeat(32) }, page);
    expect(await within(panel).findByRole("alert")).toHaveTextContent(en.errors["20204"]);
    expect(within(panel).getByLabelText(en.login.code)).toHaveValue("654321");
  });

  it("says when a code was asked for too soon and starts the countdown from the services' answer", async () => {
    sendCode.mockResolvedValue({ ok: false, error: { code: 10003, retryAfter: 30 } });
    renderForm("zh");
    await userEvent.click(screen.getByRole("tab", { name: zh.login.codeMode }));
    const panel = screen.getByRole("tabpanel");
    await userEvent.type(within(panel).getByLabelText(zh.login.email), "ada@example.com");
    await userEvent.click(within(panel).getByRole("button", { name: zh.login.sendCode }));
    await userEvent.click(await screen.findByRole("button", { name: "verify login for ada@example.com" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent(zh.errors["10003"]);
    expect(within(panel).getByRole("button", { name: /秒后重新发送/ })).toBeDisabled();
  });
});
