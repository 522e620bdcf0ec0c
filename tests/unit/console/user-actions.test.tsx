import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userAction } from "@/lib/actions/console/users";
import { UserActions } from "@/components/console/user-actions";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/console/users", () => ({ userAction: jest.fn() }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const act = jest.mocked(userAction);
const props = { lang: "en", userId: "5b1f0a8e-0d4e-4a51-9a3c-2b7b1c0e9f11", email: "target@example.test", canAct: true, canDelete: true, liveSessions: [], social: [], twoStepOn: false, enterprise: false, afterDelete: "/en/console/users" };

beforeEach(() => {
  act.mockReset();
  refresh.mockClear();
});

describe("destructive actions on a user", () => {
  test("ban and delete sit apart from the other actions", () => {
    renderIn("en", <UserActions {...props} status="active" />);
    const t = messages.en.console.user.actions;
    const apart = screen.getByRole("region", { name: t.dangerTitle });
    expect(within(apart).getAllByRole("button").map((button) => button.textContent)).toEqual([t.ban, t.delete]);
    expect(within(apart).queryByRole("button", { name: t.endAll })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: t.endAll })).toBeInTheDocument();
  });

  test("delete asks first: the dialog names the account, needs a reason, and Cancel changes nothing", async () => {
    act.mockResolvedValue({ ok: true, count: 0 });
    renderIn("en", <UserActions {...props} status="active" />);
    const t = messages.en.console.user.actions;
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: t.delete }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete target@example.test?" });
    expect(dialog).toHaveTextContent("The account target@example.test and what is kept about it are deleted for good.");
    await user.click(within(dialog).getByRole("button", { name: t.confirmDelete }));
    expect(await within(dialog).findByText(messages.en.console.fields.reasonRequired)).toBeInTheDocument();
    expect(act).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: t.cancel }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(act).not.toHaveBeenCalled();
  });

  test("a ban in Chinese is confirmed with its reason; a refusal keeps the dialog open with the message", async () => {
    act.mockResolvedValueOnce({ ok: false, error: { code: 10003 } }).mockResolvedValueOnce({ ok: true, count: 2 });
    renderIn("zh", <UserActions {...props} lang="zh" status="active" />);
    const t = messages.zh.console.user.actions;
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: t.ban }));
    const dialog = screen.getByRole("alertdialog", { name: "封禁 target@example.test？" });
    await user.type(within(dialog).getByLabelText(t.reason), "fraud report 12");
    await user.click(within(dialog).getByRole("button", { name: t.confirmBan }));
    expect(act).toHaveBeenCalledWith(props.userId, { kind: "status", status: "banned", reason: "fraud report 12" }, "zh");
    expect(await within(dialog).findByRole("alert")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: t.confirmBan }));
    expect(await screen.findByText(t.banned)).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });
});

describe("the reason field", () => {
  test.each(["en", "zh"] as const)("an action without a reason is not sent: the field says why and takes the focus (%s)", async (lang) => {
    const t = messages[lang].console.user.actions;
    renderIn(lang, <UserActions {...props} lang={lang} status="active" />);
    await userEvent.setup().click(screen.getByRole("button", { name: t.endAll }));
    const field = screen.getByLabelText(t.reason);
    expect(await screen.findByText(messages[lang].console.fields.reasonRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(act).not.toHaveBeenCalled();
  });

  test("a reason the services refuse is marked on the field, and what was typed stays", async () => {
    act.mockResolvedValueOnce({ ok: false, error: { code: 10001, fields: { reason: "badReason" } } });
    renderIn("en", <UserActions {...props} status="active" />);
    const t = messages.en.console.user.actions;
    const user = userEvent.setup();
    const field = screen.getByLabelText(t.reason);
    await user.type(field, "see ticket");
    await user.click(screen.getByRole("button", { name: t.restrict }));
    expect(await screen.findByText(messages.en.console.errors.badReason)).toBeInTheDocument();
    expect(act).toHaveBeenCalledWith(props.userId, { kind: "status", status: "restricted", reason: "see ticket" }, "en");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveValue("see ticket");
    expect(refresh).not.toHaveBeenCalled();
  });

  test("a refusal naming no field is said once, the reason kept; a later success says so and empties it", async () => {
    act.mockResolvedValueOnce({ ok: false, error: { code: 20102 } }).mockResolvedValueOnce({ ok: true, count: 3 });
    renderIn("zh", <UserActions {...props} lang="zh" status="active" />);
    const t = messages.zh.console.user.actions;
    const user = userEvent.setup();
    const field = screen.getByLabelText(t.reason);
    await user.type(field, "工单 88");
    await user.click(screen.getByRole("button", { name: t.endAll }));
    expect(await screen.findByRole("status")).toHaveTextContent(messages.zh.console.errors.forbidden);
    expect(field).toHaveValue("工单 88");
    expect(field).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: t.endAll }));
    expect(await screen.findByText(t.ended)).toBeInTheDocument();
    expect(field).toHaveValue("");
    expect(refresh).toHaveBeenCalled();
  });
});
