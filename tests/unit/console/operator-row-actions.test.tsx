import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { updateOperatorAction } from "@/lib/actions/console/operators";
import { OperatorRowActions } from "@/components/console/operator-row-actions";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/console/operators", () => ({ updateOperatorAction: jest.fn() }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const update = jest.mocked(updateOperatorAction);
const ID = "0b8e3f52-6c1d-4f0e-9a7b-3c2d1e0f4a59";
const EMAIL = "op@console.test";
beforeEach(() => {
  update.mockReset();
  refresh.mockClear();
});

const labels = (lang: "en" | "zh") => {
  const t = messages[lang].console.operators;
  return { t, role: t.roleOf.replace("{email}", EMAIL), reason: t.reasonFor.replace("{email}", EMAIL) };
};

test.each(["en", "zh"] as const)("a role changed with a reason is sent, said done by the page read again, and the reason emptied (%s)", async (lang) => {
  const { t, role, reason } = labels(lang);
  update.mockResolvedValueOnce({ ok: true, data: { role: "support", status: "active" } });
  renderIn(lang, <OperatorRowActions lang={lang} id={ID} email={EMAIL} role="viewer" status="active" />);
  const user = userEvent.setup();
  expect(screen.getByRole("button", { name: t.changeRole })).toBeDisabled();
  await user.selectOptions(screen.getByLabelText(role), t.roles.support);
  await user.type(screen.getByLabelText(reason), "ticket 4711");
  await user.click(screen.getByRole("button", { name: t.changeRole }));
  await waitFor(() => expect(refresh).toHaveBeenCalled());
  expect(update).toHaveBeenCalledWith({ id: ID, role: "support", reason: "ticket 4711" }, lang);
  expect(screen.getByLabelText(reason)).toHaveValue("");
});

test.each(["en", "zh"] as const)("disabling without a reason is not sent: the reason field says why (%s)", async (lang) => {
  const { t, reason } = labels(lang);
  renderIn(lang, <OperatorRowActions lang={lang} id={ID} email={EMAIL} role="admin" status="active" />);
  await userEvent.setup().click(screen.getByRole("button", { name: t.disable }));
  const field = screen.getByLabelText(reason);
  await waitFor(() => expect(field).toHaveAccessibleDescription(messages[lang].console.fields.reasonRequired));
  expect(field).toHaveAttribute("aria-invalid", "true");
  expect(field).toHaveFocus();
  expect(update).not.toHaveBeenCalled();
});

test("a reason the services refuse is marked on the reason field, and what was typed stays", async () => {
  const { t, role, reason } = labels("en");
  update.mockResolvedValueOnce({ ok: false, error: { code: 10001, fields: { reason: "badReason" } } });
  renderIn("en", <OperatorRowActions lang="en" id={ID} email={EMAIL} role="support" status="disabled" />);
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText(role), t.roles.admin);
  await user.type(screen.getByLabelText(reason), "  ticket 12 ");
  await user.click(screen.getByRole("button", { name: t.enable }));
  const field = screen.getByLabelText(reason);
  await waitFor(() => expect(field).toHaveAccessibleDescription(messages.en.console.errors.badReason));
  expect(update).toHaveBeenCalledWith({ id: ID, status: "active", reason: "ticket 12" }, "en");
  expect(field).toHaveValue("  ticket 12 ");
  expect(screen.getByLabelText(role)).toHaveValue("admin");
  expect(refresh).not.toHaveBeenCalled();
});

test("a refusal naming no field shows under the row in the page's language", async () => {
  const { t, reason } = labels("zh");
  update.mockResolvedValueOnce({ ok: false, error: { code: 20102 } });
  renderIn("zh", <OperatorRowActions lang="zh" id={ID} email={EMAIL} role="support" status="active" />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(reason), "leaving the team");
  await user.click(screen.getByRole("button", { name: t.disable }));
  expect(await screen.findByRole("alert")).toHaveTextContent(messages.zh.console.errors.forbidden);
  expect(screen.getByLabelText(reason)).toHaveValue("leaving the team");
  expect(screen.getByLabelText(reason)).not.toHaveAttribute("aria-invalid");
});
