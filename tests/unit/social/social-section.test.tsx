import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SocialSection } from "@/components/security/social-section";
import { unbindSocialAction } from "@/lib/actions/social/accounts";
import { stepUpMethodsAction, stepUpWithPasswordAction } from "@/lib/actions/step-up";
import { altchaSetup, messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/social/accounts", () => ({
  unbindSocialAction: jest.fn(),
  sendFirstPasswordCodeAction: jest.fn(),
  setFirstPasswordAction: jest.fn(),
}));
jest.mock("@/lib/actions/step-up", () => ({
  stepUpMethodsAction: jest.fn(),
  stepUpWithPasswordAction: jest.fn(),
  sendStepUpCodeAction: jest.fn(),
  stepUpWithCodeAction: jest.fn(),
}));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
const unbind = jest.mocked(unbindSocialAction);
const { en } = messages;
const s = en.security.social;
const page = { lang: "en", query: "p=atomm&r=https%3A%2F%2Fx.test", business: false };
const accounts = {
  providers: [
    { channel: "google", connected: true, name: "Gloria" },
    { channel: "facebook", connected: false, name: null },
  ],
  passwordSet: false,
};

function row(name: string) {
  return screen.getAllByRole("listitem").find((item) => within(item).queryByText(name) !== null) ?? null;
}

beforeEach(() => unbind.mockReset());

describe("account security: social accounts", () => {
  it("connects through a link to the portal's start (no session in the page) and shows who is connected", () => {
    renderIn("en", <SocialSection page={page} initial={accounts} error={null} email="me@example.com" verification={altchaSetup} />);
    const facebook = row("Facebook");
    const connect = within(facebook as HTMLElement).getByRole("link", { name: s.connectLabel.replace("{provider}", "Facebook") });
    const action = new URL(connect.getAttribute("href") ?? "", "http://portal.test");
    expect(action.pathname).toBe("/api/social/facebook");
    expect(Object.fromEntries(action.searchParams)).toEqual({ p: "atomm", op: "bind", lang: "en" });
    expect(within(row("Google") as HTMLElement).getByText("Gloria")).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/utoken/);
  });

  it("refuses to disconnect the last way in and offers to set a password", async () => {
    unbind.mockResolvedValue({ ok: false, error: { code: 20304 } });
    renderIn("en", <SocialSection page={page} initial={accounts} error={null} email="me@example.com" verification={altchaSetup} />);
    await userEvent.click(screen.getByRole("button", { name: s.disconnectLabel.replace("{provider}", "Google") }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: s.disconnectConfirm }));
    expect(await screen.findByText(en.errors["20304"])).toBeInTheDocument();
    expect(unbind).toHaveBeenCalledWith({ channel: "google" }, page);
    expect(within(row("Google") as HTMLElement).getByText(s.connected)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: s.setPassword }));
    expect(await screen.findByRole("dialog", { name: en.security.setPassword.title })).toBeInTheDocument();
  });

  it("disconnects after a confirmation and says so", async () => {
    unbind.mockResolvedValue({ ok: true });
    renderIn("en", <SocialSection page={page} initial={{ ...accounts, passwordSet: true }} error={null} email="me@example.com" verification={altchaSetup} />);
    await userEvent.click(screen.getByRole("button", { name: s.disconnectLabel.replace("{provider}", "Google") }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: s.disconnectConfirm }));
    expect(await screen.findByText(s.disconnectedNotice.replace("{provider}", "Google"))).toBeInTheDocument();
    expect(within(row("Google") as HTMLElement).getByText(s.notConnected)).toBeInTheDocument();
  });

  it("a disconnection refused for want of a recent proof asks for the password over the confirmation, then goes through", async () => {
    unbind.mockResolvedValueOnce({ ok: false, error: { code: 20113 } }).mockResolvedValueOnce({ ok: true });
    jest.mocked(stepUpMethodsAction).mockResolvedValue({ ok: true, methods: ["password"] });
    jest.mocked(stepUpWithPasswordAction).mockResolvedValue({ ok: true });
    renderIn("en", <SocialSection page={page} initial={{ ...accounts, passwordSet: true }} error={null} email="me@example.com" verification={altchaSetup} />);
    await userEvent.click(screen.getByRole("button", { name: s.disconnectLabel.replace("{provider}", "Google") }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: s.disconnectConfirm }));
    const stepUp = await screen.findByRole("dialog", { name: en.stepUp.title });
    await userEvent.type(await within(stepUp).findByLabelText(en.stepUp.password), "my-pass-1{Enter}");
    expect(await screen.findByText(s.disconnectedNotice.replace("{provider}", "Google"))).toBeInTheDocument();
    expect(unbind).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("shows no connect or disconnect to an enterprise user", () => {
    renderIn("en", <SocialSection page={{ ...page, business: true }} initial={accounts} error={null} email="boss@acme.test" verification={altchaSetup} />);
    expect(screen.getByText(s.businessNote)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Connect|Disconnect/ })).toBeNull();
  });
});
