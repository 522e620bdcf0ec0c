import { screen, waitFor } from "@testing-library/react";
import { SocialCallback } from "@/components/social/social-callback";
import userEvent from "@testing-library/user-event";
import { completeSocialReturnAction } from "@/lib/actions/social/return";
import { finishTwoStepAction } from "@/lib/actions/auth/two-step";
import { browser } from "@/lib/bridge/browser";
import { readPortalMessage } from "@/lib/contract/host-bridge";
import { messages, renderIn } from "../support/render";

/**
 * /{lang}/authcb's script: the services' answer leaves the address before anything else, and the
 * sign-in ends like every other one: a host that launched the portal in a window gets `login`
 * and the token at its exact origin (docs/host-protocol.md), and the page is left out of history.
 */
jest.mock("@/lib/actions/social/return", () => ({ completeSocialReturnAction: jest.fn() }));
jest.mock("@/lib/actions/auth/two-step", () => ({ finishTwoStepAction: jest.fn() }));
const complete = jest.mocked(completeSocialReturnAction);
const finish = jest.mocked(finishTwoStepAction);
const HOST = "https://host.example";
const TOKEN = "a-session-token-0123456789abcdef";

beforeEach(() => {
  complete.mockReset();
  finish.mockReset();
  jest.spyOn(browser, "replace").mockImplementation(() => undefined);
  jest.spyOn(browser, "assign").mockImplementation(() => undefined);
  jest.spyOn(browser, "close").mockImplementation(() => undefined);
  window.history.replaceState(null, "", `/en/authcb?ut=${TOKEN}&channel=google`);
});
afterEach(() => {
  jest.restoreAllMocks();
  Object.defineProperty(window, "opener", { value: null, configurable: true });
});

test("an ordinary visit takes the token out of the address and goes on without this page in history", async () => {
  complete.mockResolvedValue({ redirect: "/en/profile/settings" });
  renderIn("en", <SocialCallback lang="en" />);
  expect(window.location.search).toBe("");
  await waitFor(() => expect(browser.replace).toHaveBeenCalledWith("/en/profile/settings"));
  expect(complete).toHaveBeenCalledWith("en", `?ut=${TOKEN}&channel=google`);
  expect(browser.assign).not.toHaveBeenCalled();
});

test("a window a host opened in window mode hands the token to the host's exact origin and closes", async () => {
  const opener = { postMessage: jest.fn() };
  Object.defineProperty(window, "opener", { value: opener, configurable: true });
  complete.mockResolvedValue({ redirect: "/en/profile/settings", host: { origin: HOST, mode: "window", token: TOKEN } });
  renderIn("en", <SocialCallback lang="en" />);
  await waitFor(() => expect(browser.close).toHaveBeenCalled(), { timeout: 3000 });
  expect(opener.postMessage.mock.calls.map(([message, origin]) => [readPortalMessage(message), origin])).toEqual([
    [{ type: "login" }, HOST],
    [{ type: "token", token: TOKEN }, HOST],
  ]);
});

test("a failed round trip says so, with a way back to sign in", async () => {
  complete.mockRejectedValue(new Error("network"));
  renderIn("zh", <SocialCallback lang="zh" />);
  expect(await screen.findByRole("alert")).toHaveTextContent(messages.zh.social.callback.failed);
  expect(screen.getByRole("link", { name: messages.zh.social.callback.toLogin })).toHaveAttribute("href", "/zh/login");
});

test.each(["en", "zh"] as const)("an account with two-step on asks for the second step first, then goes on like any sign-in (%s)", async (lang) => {
  const t = messages[lang].twoStep.signIn;
  const ticket = "t".repeat(43);
  complete.mockResolvedValue({ twoStep: { ticket, query: "p=atomm&r=https%3A%2F%2Fx.test%2F", back: `/${lang}/login?p=atomm` } });
  finish.mockResolvedValueOnce({ ok: false, error: { code: 20903 } }).mockResolvedValueOnce({ ok: true, redirect: "https://x.test/" });
  renderIn(lang, <SocialCallback lang={lang} />);
  expect(window.location.search).toBe("");
  const field = await screen.findByLabelText(t.totpLabel);
  expect(screen.getByRole("heading", { name: t.title })).toBeInTheDocument();
  await userEvent.type(field, "123456{Enter}");
  // the social sign-in stays remembered; the page query carries the launch and r
  expect(finish).toHaveBeenCalledWith({ ticket, remember: true, method: "totp", code: "123456" }, { lang, query: "p=atomm&r=https%3A%2F%2Fx.test%2F" });
  expect(await screen.findByText(t.twoStepCodeIncorrect)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(t.totpLabel), "654321{Enter}");
  await waitFor(() => expect(browser.assign).toHaveBeenCalledWith("https://x.test/"));
});
