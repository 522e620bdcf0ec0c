import { screen, waitFor } from "@testing-library/react";
import { SocialCallback } from "@/components/social/social-callback";
import { completeSocialReturnAction } from "@/lib/actions/social/return";
import { browser } from "@/lib/bridge/browser";
import { readPortalMessage } from "@/lib/contract/host-bridge";
import { messages, renderIn } from "../support/render";

/**
 * /{lang}/authcb's script: the services' answer leaves the address before anything else, and the
 * sign-in ends like every other one: a host that launched the portal in a window gets `login`
 * and the token at its exact origin (docs/host-protocol.md), and the page is left out of history.
 */
jest.mock("@/lib/actions/social/return", () => ({ completeSocialReturnAction: jest.fn() }));
const complete = jest.mocked(completeSocialReturnAction);
const HOST = "https://host.example";
const TOKEN = "a-session-token-0123456789abcdef";

beforeEach(() => {
  complete.mockReset();
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
