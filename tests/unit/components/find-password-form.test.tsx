import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FindPasswordForm } from "@/components/auth/find-password-form";
import { checkFindPasswordCodeAction, findPasswordAction } from "@/lib/actions/auth/find-password";
import { sendEmailCodeAction } from "@/lib/actions/auth/email-code";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/auth/find-password", () => ({ findPasswordAction: jest.fn(), checkFindPasswordCodeAction: jest.fn() }));
jest.mock("@/lib/actions/auth/email-code", () => ({ sendEmailCodeAction: jest.fn() }));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const resetAction = jest.mocked(findPasswordAction);
const checkCode = jest.mocked(checkFindPasswordCodeAction);
const sendCode = jest.mocked(sendEmailCodeAction);
const { en, zh } = messages;
const page = { lang: "en", query: "" };
const nonce = "n".repeat(32);

function renderForm(locale: "en" | "zh" = "en") {
  return renderIn(locale, <FindPasswordForm lang={locale} loginHref={`/${locale}/login`} />);
}

/** Email and verification steps, up to the code. */
async function toCodeStep(email = "ada@example.com") {
  await userEvent.type(screen.getByLabelText(en.findpwd.email), email);
  await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
  await userEvent.click(await screen.findByRole("button", { name: `verify findpwd for ${email}` }));
  await screen.findByLabelText(en.findpwd.code);
}

/** Email, verification and code steps, up to the new password. */
async function toPasswordStep(email = "ada@example.com", code = "123456") {
  await toCodeStep(email);
  await userEvent.type(screen.getByLabelText(en.findpwd.code), code);
  await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
  await screen.findByLabelText(en.findpwd.password);
}

beforeEach(() => {
  resetAction.mockReset();
  checkCode.mockReset();
  checkCode.mockResolvedValue({ ok: true });
  sendCode.mockReset();
  sendCode.mockResolvedValue({ ok: true, nonce, resendAfter: 60 });
  window.sessionStorage.clear();
});

describe("find / reset password", () => {
  it("starts with the email; its back control leads to login", async () => {
    renderForm("zh");
    expect(screen.getByRole("link", { name: `← ${zh.findpwd.backToLogin}` })).toHaveAttribute("href", "/zh/login");
    await userEvent.click(screen.getByRole("button", { name: zh.findpwd.next }));
    expect(await screen.findByText(zh.validation.emailRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(zh.findpwd.email), "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: zh.findpwd.next }));
    expect(await screen.findByText(zh.validation.emailInvalid)).toBeInTheDocument();
    expect(sendCode).not.toHaveBeenCalled();
  });

  it("requests the code only after human verification, for purpose findpwd", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText(en.findpwd.email), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
    expect(screen.getByText("Step 2 of 4")).toBeInTheDocument();
    expect(sendCode).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "verify findpwd for ada@example.com" }));
    expect(sendCode).toHaveBeenCalledWith(
      { email: "ada@example.com", purpose: "findpwd", verification: { provider: "altcha", value: "solved:findpwd:ada@example.com" } },
      page,
    );
    expect(await screen.findByText("Step 3 of 4")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Enter the code we sent to ada@example.com.");
  });

  it("goes back to the email with the services' message when the code cannot be sent", async () => {
    sendCode.mockResolvedValue({ ok: false, error: { code: 20203 } });
    renderForm();
    await userEvent.type(screen.getByLabelText(en.findpwd.email), "nobody@example.com");
    await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
    await userEvent.click(screen.getByRole("button", { name: "verify findpwd for nobody@example.com" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["20203"]);
    expect(screen.getByLabelText(en.findpwd.email)).toHaveValue("nobody@example.com");
  });

  it("asks for the code, and its back control returns to the email", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText(en.findpwd.email), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
    await userEvent.click(screen.getByRole("button", { name: "verify findpwd for ada@example.com" }));
    await userEvent.click(await screen.findByRole("button", { name: en.findpwd.next }));
    expect(await screen.findByText(en.validation.codeRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: `← ${en.findpwd.back}` }));
    expect(screen.getByLabelText(en.findpwd.email)).toHaveValue("ada@example.com");
  });

  it("checks the code before asking for the new password: a wrong one stays on the code step with the message", async () => {
    checkCode.mockResolvedValue({ ok: false, error: { code: 20204 } });
    renderForm("zh");
    await userEvent.type(screen.getByLabelText(zh.findpwd.email), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: zh.findpwd.next }));
    await userEvent.click(await screen.findByRole("button", { name: "verify findpwd for ada@example.com" }));
    await userEvent.type(await screen.findByLabelText(zh.findpwd.code), "000000");
    await userEvent.click(screen.getByRole("button", { name: zh.findpwd.next }));
    expect(checkCode).toHaveBeenCalledWith({ email: "ada@example.com", code: "000000", nonce }, { lang: "zh", query: "" });
    expect(await screen.findByRole("alert")).toHaveTextContent(zh.errors["20204"]);
    expect(screen.getByText("第 3 步，共 4 步")).toBeInTheDocument();
    expect(screen.getByLabelText(zh.findpwd.code)).toHaveValue("000000");
    expect(screen.queryByLabelText(zh.findpwd.password)).not.toBeInTheDocument();

    // the right code then leads on, and the message goes
    checkCode.mockResolvedValue({ ok: true });
    await userEvent.clear(screen.getByLabelText(zh.findpwd.code));
    await userEvent.type(screen.getByLabelText(zh.findpwd.code), "123456");
    await userEvent.click(screen.getByRole("button", { name: zh.findpwd.next }));
    expect(await screen.findByLabelText(zh.findpwd.password)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(resetAction).not.toHaveBeenCalled();
  });

  it("an expired code or a checking limit is reported at the code step too", async () => {
    checkCode.mockResolvedValue({ ok: false, error: { code: 10004, retryAfter: 120 } });
    renderForm();
    await toCodeStep();
    await userEvent.type(screen.getByLabelText(en.findpwd.code), "123456");
    await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please try again in 120 seconds.");
    expect(screen.getByLabelText(en.findpwd.code)).toBeInTheDocument();
  });

  it("does not check a code of the wrong format", async () => {
    renderForm();
    await toCodeStep();
    await userEvent.type(screen.getByLabelText(en.findpwd.code), "12ab");
    await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
    expect(await screen.findByText(en.validation.codeInvalid)).toBeInTheDocument();
    expect(checkCode).not.toHaveBeenCalled();
  });

  it("refuses two different new passwords without calling the server", async () => {
    renderForm();
    await toPasswordStep();
    await userEvent.type(screen.getByLabelText(en.findpwd.password), "new-pass1");
    await userEvent.type(screen.getByLabelText(en.findpwd.confirmPassword), "new-pass2");
    await userEvent.click(screen.getByRole("button", { name: en.findpwd.submit }));
    expect(await screen.findByText(en.validation.passwordsMismatch)).toBeInTheDocument();
    expect(resetAction).not.toHaveBeenCalled();
  });

  it("returns to the code step when the code is wrong", async () => {
    resetAction.mockResolvedValue({ ok: false, error: { code: 20204 } });
    renderForm();
    await toPasswordStep("ada@example.com", "000000");
    await userEvent.type(screen.getByLabelText(en.findpwd.password), "new-pass1");
    await userEvent.type(screen.getByLabelText(en.findpwd.confirmPassword), "new-pass1");
    await userEvent.click(screen.getByRole("button", { name: en.findpwd.submit }));
    expect(resetAction).toHaveBeenCalledWith({ email: "ada@example.com", code: "000000", password: "new-pass1", confirmPassword: "new-pass1", nonce }, page);
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["20204"]);
    expect(screen.getByLabelText(en.findpwd.code)).toHaveValue("000000");
  });

  it("says when the password was reset and leads to login", async () => {
    resetAction.mockResolvedValue({ ok: true });
    renderForm();
    await toPasswordStep();
    await userEvent.type(screen.getByLabelText(en.findpwd.password), "new-pass1");
    await userEvent.type(screen.getByLabelText(en.findpwd.confirmPassword), "new-pass1");
    await userEvent.click(screen.getByRole("button", { name: en.findpwd.submit }));
    expect(await screen.findByRole("heading", { name: en.findpwd.doneTitle })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: en.findpwd.toLogin })).toHaveAttribute("href", "/en/login");
  });

  it("keeps what was typed when the services cannot be reached", async () => {
    resetAction.mockResolvedValue({ ok: false, error: { code: 1000 } });
    renderForm();
    await toPasswordStep();
    await userEvent.type(screen.getByLabelText(en.findpwd.password), "new-pass1");
    await userEvent.type(screen.getByLabelText(en.findpwd.confirmPassword), "new-pass1");
    await userEvent.click(screen.getByRole("button", { name: en.findpwd.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["1000"]);
    expect(screen.getByLabelText(en.findpwd.password)).toHaveValue("new-pass1");
  });
});
