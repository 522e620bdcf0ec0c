import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RegisterForm } from "@/components/auth/register-form";
import { registerAction } from "@/lib/actions/auth/register";
import { sendEmailCodeAction } from "@/lib/actions/auth/email-code";
import { messages, renderIn } from "../support/render";

jest.mock("next/navigation", () => ({
  ...jest.requireActual<typeof import("next/navigation")>("next/navigation"),
  useSearchParams: () => new URLSearchParams(window.location.search),
}));
jest.mock("@/lib/actions/auth/register", () => ({ registerAction: jest.fn() }));
jest.mock("@/lib/actions/auth/email-code", () => ({ sendEmailCodeAction: jest.fn() }));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const register = jest.mocked(registerAction);
const sendCode = jest.mocked(sendEmailCodeAction);
const { en, zh } = messages;

beforeEach(() => {
  register.mockReset();
  sendCode.mockReset();
  window.sessionStorage.clear();
  window.history.replaceState({}, "", "/en/register?p=atomm&r=https%3A%2F%2Fapp.example.com%2F");
});

async function requestCode(locale: "en" | "zh", email: string) {
  const m = messages[locale];
  await userEvent.type(screen.getByLabelText(m.register.email), email);
  await userEvent.click(screen.getByRole("button", { name: m.register.sendCode }));
  await userEvent.click(await screen.findByRole("button", { name: `verify register for ${email}` }));
}

describe("register form", () => {
  it("says the account already exists and offers to log in, keeping the launch context and r", async () => {
    sendCode.mockResolvedValue({ ok: false, error: { code: 20201 } });
    renderIn("zh", <RegisterForm lang="zh" title="注册" loginHref={null} />);
    await requestCode("zh", "taken@example.com");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(zh.errors["20201"]);
    expect(within(alert).getByRole("link", { name: zh.register.toLogin })).toHaveAttribute(
      "href",
      "/zh/login?p=atomm&r=https%3A%2F%2Fapp.example.com%2F",
    );
  });

  it("offers no login link for other failures", async () => {
    sendCode.mockResolvedValue({ ok: false, error: { code: 10003 } });
    renderIn("en", <RegisterForm lang="en" title="Register" loginHref="/en/login" />);
    await requestCode("en", "ada@example.com");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(en.errors["10003"]);
    expect(within(alert).queryByRole("link")).not.toBeInTheDocument();
  });
});
