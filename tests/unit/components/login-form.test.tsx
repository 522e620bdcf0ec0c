import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { LoginForm } from "@/components/auth/login-form";
import { loginWithPasswordAction } from "@/app/[lang]/(auth)/login/actions";

jest.mock("@/app/[lang]/(auth)/login/actions", () => ({ loginWithPasswordAction: jest.fn() }));
const action = jest.mocked(loginWithPasswordAction);

function renderForm(locale: "en" | "zh" = "en") {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === "en" ? en : zh}>
      <LoginForm lang={locale} query="p=atomm" registerHref="/en/register?p=atomm" findPasswordHref={null} />
    </NextIntlClientProvider>,
  );
}

beforeEach(() => action.mockReset());

describe("password login form", () => {
  it("says what is missing, in the page's language, without calling the server", async () => {
    renderForm("zh");
    await userEvent.click(screen.getByRole("button", { name: zh.login.submit }));
    expect(await screen.findByText(zh.validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(zh.validation.passwordRequired)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it("refuses an invalid email address", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@");
    await userEvent.type(screen.getByLabelText(en.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(await screen.findByText(en.validation.emailInvalid)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it("shows the service's answer and keeps what the user typed", async () => {
    action.mockResolvedValue({ ok: false, error: { code: 20205 } });
    renderForm();
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@example.com");
    await userEvent.type(screen.getByLabelText(en.login.password), "wrong-pass");
    await userEvent.click(screen.getByLabelText(en.login.remember));
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["20205"]);
    expect(action).toHaveBeenCalledWith({ email: "ada@example.com", password: "wrong-pass", remember: true }, { lang: "en", query: "p=atomm" });
    expect(screen.getByLabelText(en.login.email)).toHaveValue("ada@example.com");
    expect(screen.getByLabelText(en.login.password)).toHaveValue("wrong-pass");
  });

  it("shows 'Network connection failed' when the request cannot be made", async () => {
    action.mockRejectedValue(new TypeError("Failed to fetch"));
    renderForm();
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@example.com");
    await userEvent.type(screen.getByLabelText(en.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["1002"]);
  });

  it("offers the register link with the launch context", () => {
    renderForm();
    expect(screen.getByRole("link", { name: en.login.toRegister })).toHaveAttribute("href", "/en/register?p=atomm");
  });
});
