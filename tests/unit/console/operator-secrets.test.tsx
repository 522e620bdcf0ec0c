import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { changeOwnPasswordAction, resetOperatorSecretAction } from "@/lib/actions/console/operator-secrets";
import { OperatorSecretReset } from "@/components/console/operator-secret-reset";
import { OwnPasswordForm } from "@/components/console/own-password-form";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/console/operator-secrets", () => ({ changeOwnPasswordAction: jest.fn(), resetOperatorSecretAction: jest.fn() }));

const reset = jest.mocked(resetOperatorSecretAction);
const change = jest.mocked(changeOwnPasswordAction);
beforeEach(() => jest.clearAllMocks());
const ID = "5f0c3c1e-3d1b-4a53-9a57-0d7e4c1b2a10";

test.each(["en", "zh"] as const)("an admin resets another operator's password: the new one is shown once (%s)", async (lang) => {
  const t = messages[lang].console.operators;
  reset.mockResolvedValueOnce({ ok: true, secret: { password: "fresh-generated-password" } });
  renderIn(lang, <OperatorSecretReset lang={lang} id={ID} email="op@console.test" />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(t.resetReasonFor.replace("{email}", "op@console.test")), "forgot it");
  await user.click(screen.getByRole("button", { name: t.resetPassword }));
  expect(await screen.findByText("fresh-generated-password")).toBeInTheDocument();
  expect(reset).toHaveBeenCalledWith({ id: ID, what: "password", reason: "forgot it" }, lang);
});

test("a reset without a reason is not sent, and the field says why", async () => {
  const t = messages.en.console;
  renderIn("en", <OperatorSecretReset lang="en" id={ID} email="op@console.test" />);
  await userEvent.setup().click(screen.getByRole("button", { name: t.operators.resetAuthenticator }));
  expect(screen.getByLabelText(t.operators.resetReasonFor.replace("{email}", "op@console.test"))).toHaveAccessibleDescription(t.fields.reasonRequired);
  expect(reset).not.toHaveBeenCalled();
});

test.each(["en", "zh"] as const)("an operator's own password: a short or unchanged new one is refused on its field; a wrong current one is said on its field (%s)", async (lang) => {
  const t = messages[lang].console;
  renderIn(lang, <OwnPasswordForm lang={lang} />);
  const user = userEvent.setup();
  const current = screen.getByLabelText(t.operators.currentPassword);
  const next = screen.getByLabelText(t.operators.newPassword);
  await user.type(current, "old-password-of-mine");
  await user.type(next, "short");
  await user.click(screen.getByRole("button", { name: t.operators.changePassword }));
  expect(next).toHaveAttribute("aria-invalid", "true");
  expect(next).toHaveAccessibleDescription(t.fields.operatorPassword);
  await user.clear(next);
  await user.type(next, "old-password-of-mine");
  await user.click(screen.getByRole("button", { name: t.operators.changePassword }));
  expect(next).toHaveAccessibleDescription(t.fields.samePassword);
  expect(change).not.toHaveBeenCalled();

  change.mockResolvedValueOnce({ ok: false, error: { code: 20206 } });
  await user.clear(next);
  await user.type(next, "a long enough new password");
  await user.click(screen.getByRole("button", { name: t.operators.changePassword }));
  expect(change).toHaveBeenCalledWith({ current: "old-password-of-mine", next: "a long enough new password" }, lang);
  await waitFor(() => expect(current).toHaveAccessibleDescription(t.fields.wrongCurrentPassword));
  expect(current).toHaveAttribute("aria-invalid", "true");
  expect(screen.queryByText(t.operators.passwordChanged)).not.toBeInTheDocument();
});

test("an operator's own password changed: said so, and the form is emptied", async () => {
  const t = messages.en.console.operators;
  change.mockResolvedValueOnce({ ok: true });
  renderIn("en", <OwnPasswordForm lang="en" />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(t.currentPassword), "old-password-of-mine");
  await user.type(screen.getByLabelText(t.newPassword), "a long enough new password");
  await user.click(screen.getByRole("button", { name: t.changePassword }));
  expect(await screen.findByRole("status")).toHaveTextContent(t.passwordChanged);
  expect(screen.getByLabelText(t.currentPassword)).toHaveValue("");
  expect(screen.getByLabelText(t.newPassword)).toHaveValue("");
});
