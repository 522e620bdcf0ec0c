import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { ConnectScreen } from "@/components/social/connect-screen";
import { connectWithCodeAction, connectWithPasswordAction } from "@/lib/actions/social/connect";
import { finishTwoStepAction } from "@/lib/actions/auth/two-step";
import { altchaSetup, messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/social/connect", () => ({ connectWithPasswordAction: jest.fn(), connectWithCodeAction: jest.fn() }));
const withPassword = jest.mocked(connectWithPasswordAction);
const withCode = jest.mocked(connectWithCodeAction);
jest.mock("@/lib/actions/auth/two-step", () => ({ finishTwoStepAction: jest.fn() }));
const finish = jest.mocked(finishTwoStepAction);
const { en, zh } = messages;

// Typing into several fields takes seconds when the machine is busy.
jest.setTimeout(20_000);
let asked: URL | null = null;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  asked = null;
  withPassword.mockReset();
  withCode.mockReset();
  finish.mockReset();
  window.history.replaceState(null, "", "/en/social/connect?p=atomm&r=https%3A%2F%2Fx.test%2F&c=google");
});
afterEach(() => server.resetHandlers());

function answer(body: Record<string, unknown>, status = 200) {
  server.use(
    http.get("*/api/social/link", ({ request }) => {
      asked = new URL(request.url);
      return HttpResponse.json(body, { status });
    }),
  );
}

describe("the account-connection screen", () => {
  it("names the existing account and connects only with what the user proves; a wrong password says so", async () => {
    answer({ ok: true, data: { link: { kind: "connect", channel: "google", email: "owner@example.com", name: "Owner G" }, verification: altchaSetup } });
    withPassword.mockResolvedValue({ ok: false, error: { code: 20206 } });
    renderIn("en", <ConnectScreen lang="en" />);
    expect(await screen.findByRole("heading", { name: en.social.connect.title })).toBeInTheDocument();
    expect(screen.getByText(/owner@example\.com/)).toBeInTheDocument();
    expect(asked?.searchParams.get("lang")).toBe("en");
    expect(asked?.searchParams.get("p")).toBe("atomm");
    expect(asked?.searchParams.has("r")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: en.social.connect.submit }));
    expect(await screen.findByText(en.validation.passwordRequired)).toBeInTheDocument();
    expect(withPassword).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(en.social.connect.password), "Wrong-1");
    await userEvent.click(screen.getByRole("button", { name: en.social.connect.submit }));
    expect(await screen.findByText(en.errors["20206"])).toBeInTheDocument();
    // the ticket never travels with the form: the server action reads it from the HttpOnly cookie
    expect(withPassword).toHaveBeenCalledWith({ password: "Wrong-1", channel: "google" }, { lang: "en", query: "p=atomm&r=https%3A%2F%2Fx.test%2F" });
  });

  it("asks for an email when the provider gave none, in the page's language", async () => {
    answer({ ok: true, data: { link: { kind: "email", channel: "facebook", email: null, name: null }, verification: altchaSetup } });
    renderIn("zh", <ConnectScreen lang="zh" />);
    expect(await screen.findByRole("heading", { name: zh.social.connect.emailTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(zh.social.connect.email)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: zh.social.connect.continue }));
    expect(await screen.findByText(zh.validation.emailRequired)).toBeInTheDocument();
    expect(withCode).not.toHaveBeenCalled();
  });

  it("an account with two-step on asks for its second step after the password, with the ticket the action answered", async () => {
    answer({ ok: true, data: { link: { kind: "connect", channel: "google", email: "owner@example.com", name: "Owner G" }, verification: altchaSetup } });
    const ticket = "t".repeat(43);
    withPassword.mockResolvedValue({ ok: false, error: { code: 20901, challenge: ticket } });
    finish.mockResolvedValue({ ok: false, error: { code: 20902 } });
    renderIn("en", <ConnectScreen lang="en" />);
    await userEvent.type(await screen.findByLabelText(en.social.connect.password), "Right-1");
    await userEvent.click(screen.getByRole("button", { name: en.social.connect.submit }));
    const field = await screen.findByLabelText(en.twoStep.signIn.totpLabel);
    expect(screen.queryByLabelText(en.social.connect.password)).not.toBeInTheDocument();
    await userEvent.type(field, "123456{Enter}");
    expect(finish).toHaveBeenCalledWith({ ticket, remember: true, method: "totp", code: "123456" }, { lang: "en", query: "p=atomm&r=https%3A%2F%2Fx.test%2F" });
    expect(await screen.findByText(en.errors["20902"])).toBeInTheDocument();
  });

  it("says when the request has expired and leads back to login", async () => {
    answer({ ok: false, error: { code: 20306 } }, 400);
    renderIn("en", <ConnectScreen lang="en" />);
    await waitFor(() => expect(screen.getByText(en.errors["20306"])).toBeInTheDocument());
    expect(screen.getByRole("link", { name: en.social.connect.toLogin })).toHaveAttribute("href", "/en/login?p=atomm&r=https%3A%2F%2Fx.test%2F");
  });
});
