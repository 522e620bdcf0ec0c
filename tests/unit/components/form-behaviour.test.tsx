import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PasswordLoginForm } from "@/components/auth/password-login-form";
import { RegisterForm } from "@/components/auth/register-form";
import { loginWithPasswordAction } from "@/lib/actions/auth/login";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/auth/login", () => ({ loginWithPasswordAction: jest.fn(), loginWithCodeAction: jest.fn() }));
jest.mock("@/lib/actions/auth/register", () => ({ registerAction: jest.fn() }));
jest.mock("@/lib/actions/auth/email-code", () => ({ sendEmailCodeAction: jest.fn() }));
const passwordAction = jest.mocked(loginWithPasswordAction);
const { en } = messages;

/** What every form promises (docs/decisions.md, decision 13), seen on two public forms. */
describe("a form checks on submit, then each field as it changes", () => {
  beforeEach(() => passwordAction.mockReset());

  it("says nothing while the user types, before the first submit", async () => {
    renderIn("en", <PasswordLoginForm page={{ lang: "en", query: "" }} findPasswordHref={null} />);
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@");
    expect(screen.queryByText(en.validation.emailInvalid)).not.toBeInTheDocument();
  });

  it("puts the focus on the first field in error, and clears a message as soon as its field is right", async () => {
    renderIn("en", <PasswordLoginForm page={{ lang: "en", query: "" }} findPasswordHref={null} />);
    await userEvent.click(screen.getByRole("button", { name: en.login.submit }));
    expect(await screen.findByText(en.validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(en.login.email)).toHaveFocus();
    await userEvent.type(screen.getByLabelText(en.login.email), "ada@example.com");
    expect(screen.queryByText(en.validation.emailRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(en.validation.emailInvalid)).not.toBeInTheDocument();
    expect(screen.getByText(en.validation.passwordRequired)).toBeInTheDocument();
    expect(passwordAction).not.toHaveBeenCalled();
  });

  it("focuses a later field when the earlier ones are right, and re-checks the pair of new passwords", async () => {
    renderIn("en", <RegisterForm lang="en" title={en.register.title} loginHref={null} />);
    await userEvent.type(screen.getByLabelText(en.register.email), "ada@example.com");
    await userEvent.type(screen.getByLabelText(en.register.code), "123456");
    await userEvent.type(screen.getByLabelText(en.register.password), "secret1");
    await userEvent.type(screen.getByLabelText(en.register.confirmPassword), "secret2");
    await userEvent.click(screen.getByRole("button", { name: en.register.submit }));
    expect(await screen.findByText(en.validation.passwordsMismatch)).toBeInTheDocument();
    expect(screen.getByLabelText(en.register.confirmPassword)).toHaveFocus();
    await userEvent.clear(screen.getByLabelText(en.register.confirmPassword));
    await userEvent.type(screen.getByLabelText(en.register.confirmPassword), "secret1");
    expect(screen.queryByText(en.validation.passwordsMismatch)).not.toBeInTheDocument();
  });
});
