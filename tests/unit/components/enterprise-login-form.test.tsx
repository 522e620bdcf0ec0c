import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EnterpriseLoginForm } from "@/components/auth/enterprise-login-form";
import { enterpriseLoginAction } from "@/lib/actions/auth/enterprise-login";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/auth/enterprise-login", () => ({ enterpriseLoginAction: jest.fn() }));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const action = jest.mocked(enterpriseLoginAction);
const { en, zh } = messages;
const page = { lang: "en", query: "" };

function renderForm(locale: "en" | "zh" = "en") {
  return renderIn(locale, <EnterpriseLoginForm lang={locale} personalHref={`/${locale}/login`} />);
}

async function fill(account: string, email: string, password: string) {
  await userEvent.type(screen.getByLabelText(en.loginBusiness.account), account);
  await userEvent.type(screen.getByLabelText(en.loginBusiness.email), email);
  await userEvent.type(screen.getByLabelText(en.loginBusiness.password), password);
  await userEvent.click(screen.getByRole("button", { name: en.loginBusiness.submit }));
}

beforeEach(() => action.mockReset());

describe("enterprise login form", () => {
  it("asks for the business account ID, the email and the password", async () => {
    renderForm("zh");
    await userEvent.click(screen.getByRole("button", { name: zh.loginBusiness.submit }));
    expect(await screen.findByText(zh.validation.accountRequired)).toBeInTheDocument();
    expect(screen.getByText(zh.validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(zh.validation.passwordRequired)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it("refuses a malformed account ID without calling the server", async () => {
    renderForm();
    await fill("acme lasers!", "boss@acme.test", "secret1");
    expect(await screen.findByText(en.validation.accountInvalid)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it.each([
    [20205, en.errors["20205"]],
    [1000, en.errors["1000"]],
  ])("shows the message of code %i and keeps what was typed", async (code, message) => {
    action.mockResolvedValue({ ok: false, error: { code } });
    renderForm();
    await fill("E2E-EN", "boss@acme.test", "secret1");
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(action).toHaveBeenCalledWith({ account: "E2E-EN", email: "boss@acme.test", password: "secret1", remember: false }, page, undefined);
    expect(screen.getByLabelText(en.loginBusiness.account)).toHaveValue("E2E-EN");
    expect(screen.getByLabelText(en.loginBusiness.password)).toHaveValue("secret1");
  });

  it("verifies a human when the services ask (20106); a refused verification (20107) gets a fresh one", async () => {
    action.mockResolvedValueOnce({ ok: false, error: { code: 20106 } }).mockResolvedValueOnce({ ok: false, error: { code: 20107 } });
    renderForm();
    await fill("E2E-EN", "boss@acme.test", "secret1");
    await userEvent.click(await screen.findByRole("button", { name: "verify enterprise_login for boss@acme.test" }));
    await userEvent.click(screen.getByRole("button", { name: en.loginBusiness.submit }));
    expect(action).toHaveBeenLastCalledWith(expect.anything(), page, { provider: "altcha", value: "solved:enterprise_login:boss@acme.test" });
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["20107"]);
    expect(screen.getByRole("button", { name: "verify enterprise_login for boss@acme.test" })).toBeInTheDocument();
  });

  it("offers the personal login", () => {
    renderForm();
    expect(screen.getByRole("link", { name: en.loginBusiness.toPersonal })).toHaveAttribute("href", "/en/login");
  });
});
