import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FindPasswordForm } from "@/components/auth/find-password-form";
import { findPasswordAction } from "@/lib/actions/auth/find-password";
import { sendEmailCodeAction } from "@/lib/actions/auth/email-code";
import { ANALYTICS_DOM_EVENT } from "@/lib/analytics/announce";
import { messages, renderIn } from "../support/render";

/** The sign-in screens announce their analytics events at their success points only, and never a secret. */
jest.mock("@/lib/actions/auth/find-password", () => ({ findPasswordAction: jest.fn(), checkFindPasswordCodeAction: jest.fn(async () => ({ ok: true })) }));
jest.mock("@/lib/actions/auth/email-code", () => ({ sendEmailCodeAction: jest.fn() }));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const resetAction = jest.mocked(findPasswordAction);
const sendCode = jest.mocked(sendEmailCodeAction);
const { en } = messages;
const heard: unknown[] = [];
const listen = (event: Event) => heard.push((event as CustomEvent<unknown>).detail);

beforeEach(() => {
  heard.length = 0;
  window.sessionStorage.clear();
  window.addEventListener(ANALYTICS_DOM_EVENT, listen);
});
afterEach(() => window.removeEventListener(ANALYTICS_DOM_EVENT, listen));

async function resetPassword() {
  renderIn("en", <FindPasswordForm lang="en" loginHref="/en/login" />);
  await userEvent.type(screen.getByLabelText(en.findpwd.email), "ada@example.com");
  await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
  await userEvent.click(await screen.findByRole("button", { name: "verify findpwd for ada@example.com" }));
  await userEvent.type(await screen.findByLabelText(en.findpwd.code), "123456");
  await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
  await userEvent.type(await screen.findByLabelText(en.findpwd.password), "new-pass1");
  await userEvent.type(screen.getByLabelText(en.findpwd.confirmPassword), "new-pass1");
  await userEvent.click(screen.getByRole("button", { name: en.findpwd.submit }));
}

test("getCode when the code was sent, findPassword when the password was reset", async () => {
  sendCode.mockResolvedValue({ ok: true, nonce: "n".repeat(32), resendAfter: 60 });
  resetAction.mockResolvedValue({ ok: true });
  await resetPassword();
  await screen.findByRole("heading", { name: en.findpwd.doneTitle });
  expect(heard).toEqual([{ event: "getCode", purpose: "findpwd" }, { event: "findPassword" }]);
  expect(JSON.stringify(heard)).not.toMatch(/ada@example\.com|123456|new-pass1|nnnn/);
});

test("nothing when the code cannot be sent or the reset is refused", async () => {
  sendCode.mockResolvedValueOnce({ ok: false, error: { code: 20203 } });
  renderIn("en", <FindPasswordForm lang="en" loginHref="/en/login" />);
  await userEvent.type(screen.getByLabelText(en.findpwd.email), "nobody@example.com");
  await userEvent.click(screen.getByRole("button", { name: en.findpwd.next }));
  await userEvent.click(await screen.findByRole("button", { name: "verify findpwd for nobody@example.com" }));
  await screen.findByRole("alert");
  expect(heard).toEqual([]);
});
