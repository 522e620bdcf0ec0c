import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EnterprisePassword } from "@/components/account/enterprise-password";
import { changeEnterprisePasswordAction } from "@/lib/actions/business-profile";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/business-profile", () => ({ changeEnterprisePasswordAction: jest.fn() }));
const refresh = jest.fn();
// the account page's data is read again after the change (the page's ViewReload)
jest.mock("@/components/account/account-view", () => ({ useViewReload: () => refresh }));
const action = jest.mocked(changeEnterprisePasswordAction);
const { en, zh } = messages;
const t = en.businessSettings;

async function openDialog() {
  await userEvent.click(screen.getByRole("button", { name: t.changePassword }));
  return screen.findByRole("dialog", { name: t.dialogTitle });
}

async function fill(oldPassword: string, password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(t.oldPassword), oldPassword);
  await userEvent.type(screen.getByLabelText(t.newPassword), password);
  await userEvent.type(screen.getByLabelText(t.confirmPassword), confirm);
  await userEvent.click(screen.getByRole("button", { name: t.save }));
}

beforeEach(() => {
  action.mockReset();
  refresh.mockReset();
});

describe("enterprise password", () => {
  it("warns while the default password is in use, in the page's language", () => {
    renderIn("zh", <EnterprisePassword lang="zh" query="" defaultPassword />);
    expect(screen.getByText(zh.businessSettings.defaultPassword)).toBeInTheDocument();
  });

  it("does not warn once the password was changed", () => {
    renderIn("en", <EnterprisePassword lang="en" query="" defaultPassword={false} />);
    expect(screen.queryByText(t.defaultPassword)).not.toBeInTheDocument();
  });

  it("refuses two different new passwords and a short one without calling the server", async () => {
    renderIn("en", <EnterprisePassword lang="en" query="" defaultPassword />);
    await openDialog();
    await fill("Default-1", "abc", "abd");
    expect(await screen.findByText(en.validation.passwordLength)).toBeInTheDocument();
    expect(screen.getByText(en.validation.passwordsMismatch)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it("shows 'Incorrect password' for a wrong current password and keeps the warning", async () => {
    action.mockResolvedValue({ ok: false, error: { code: 20206 } });
    renderIn("en", <EnterprisePassword lang="en" query="p=smb" defaultPassword />);
    await openDialog();
    await fill("wrong-one", "New-pass1", "New-pass1");
    expect(action).toHaveBeenCalledWith({ oldPassword: "wrong-one", password: "New-pass1", confirmPassword: "New-pass1", signOutOthers: true }, { lang: "en", query: "p=smb" });
    expect(await screen.findByText(en.errors["20206"])).toBeInTheDocument();
    expect(screen.getByText(t.defaultPassword)).toBeInTheDocument();
  });

  it("closes the dialog, says so and drops the warning after a change", async () => {
    action.mockResolvedValue({ ok: true });
    renderIn("en", <EnterprisePassword lang="en" query="" defaultPassword />);
    await openDialog();
    await fill("Default-1", "New-pass1", "New-pass1");
    expect(await screen.findByText(t.changed)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByText(t.defaultPassword)).not.toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });
});
