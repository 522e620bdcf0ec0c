import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PasswordSection } from "@/components/security/password-section";
import { changePasswordAction, endSessionsAction } from "@/lib/actions/security";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/security", () => ({ changePasswordAction: jest.fn(), endSessionsAction: jest.fn() }));
const change = jest.mocked(changePasswordAction);
const endSessions = jest.mocked(endSessionsAction);
const { en, zh } = messages;
const page = { lang: "en", query: "p=atomm", business: false };

async function openDialog(t: typeof en.security.password = en.security.password) {
  await userEvent.click(screen.getByRole("button", { name: t.change }));
  return screen.findByRole("dialog", { name: t.dialogTitle });
}

async function fill(t: typeof en.security.password, oldPassword: string, password: string, confirm: string) {
  if (oldPassword) await userEvent.type(screen.getByLabelText(t.oldPassword), oldPassword);
  if (password) await userEvent.type(screen.getByLabelText(t.newPassword), password);
  if (confirm) await userEvent.type(screen.getByLabelText(t.confirmPassword), confirm);
  await userEvent.click(screen.getByRole("button", { name: t.save }));
}

beforeEach(() => {
  change.mockReset();
  endSessions.mockReset();
});

describe("account security: password", () => {
  it("asks for every field, in the page's language, without calling the server", async () => {
    renderIn("zh", <PasswordSection page={{ ...page, lang: "zh" }} />);
    await openDialog(zh.security.password);
    await fill(zh.security.password, "", "", "");
    // the current and the new password
    expect(await screen.findAllByText(zh.validation.passwordRequired)).toHaveLength(2);
    expect(screen.getByText(zh.validation.confirmRequired)).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();
  });

  it("refuses a new password of the wrong length and two different new passwords", async () => {
    renderIn("en", <PasswordSection page={page} />);
    await openDialog();
    await fill(en.security.password, "Old-pass1", "abc", "abd");
    expect(await screen.findByText(en.validation.passwordLength)).toBeInTheDocument();
    expect(screen.getByText(en.validation.passwordsMismatch)).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();
  });

  it("counts an emoji as one character: three are too few, eleven are sent to the server", async () => {
    change.mockResolvedValue({ ok: false, error: { code: 20206 } });
    renderIn("en", <PasswordSection page={page} />);
    const dialog = await openDialog();
    const t = en.security.password;
    // pasted: the way such passwords usually arrive in a field
    const enter = async (label: string, value: string) => {
      await userEvent.clear(screen.getByLabelText(label));
      await userEvent.click(screen.getByLabelText(label));
      await userEvent.paste(value);
    };
    await enter(t.oldPassword, "Old-pass1");
    await enter(t.newPassword, "😀😀😀");
    await enter(t.confirmPassword, "😀😀😀");
    await userEvent.click(screen.getByRole("button", { name: t.save }));
    expect(await within(dialog).findByText(en.validation.passwordLength)).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();

    const eleven = "😀".repeat(11);
    await enter(t.newPassword, eleven);
    await enter(t.confirmPassword, eleven);
    await userEvent.click(screen.getByRole("button", { name: t.save }));
    expect(await within(dialog).findByText(en.errors["20206"])).toBeInTheDocument();
    expect(within(dialog).queryByText(en.validation.passwordLength)).not.toBeInTheDocument();
    expect(change).toHaveBeenCalledWith({ oldPassword: "Old-pass1", password: eleven, confirmPassword: eleven, signOutOthers: true }, page);
  });

  it("says 'Incorrect password' for a wrong current password and keeps the dialog open", async () => {
    change.mockResolvedValue({ ok: false, error: { code: 20206 } });
    renderIn("en", <PasswordSection page={page} />);
    const dialog = await openDialog();
    await fill(en.security.password, "wrong-one", "New-pass1", "New-pass1");
    expect(change).toHaveBeenCalledWith({ oldPassword: "wrong-one", password: "New-pass1", confirmPassword: "New-pass1", signOutOthers: true }, page);
    expect(await within(dialog).findByText(en.errors["20206"])).toBeInTheDocument();
    expect(screen.queryByText(en.security.password.changed)).not.toBeInTheDocument();
  });

  it("'Sign out of other devices' is ticked: the change signs them out, and nothing more is offered", async () => {
    change.mockResolvedValue({ ok: true });
    renderIn("zh", <PasswordSection page={{ ...page, lang: "zh" }} />);
    const dialog = await openDialog(zh.security.password);
    expect(within(dialog).getByRole("checkbox", { name: zh.security.password.signOutOthers })).toBeChecked();
    await fill(zh.security.password, "Old-pass1", "New-pass1", "New-pass1");
    expect(change).toHaveBeenCalledWith({ oldPassword: "Old-pass1", password: "New-pass1", confirmPassword: "New-pass1", signOutOthers: true }, { ...page, lang: "zh" });
    expect(await screen.findByText(zh.security.password.changedSignedOut)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: zh.security.password.endOthers })).not.toBeInTheDocument();
  });

  it("unticked, the other devices stay signed in: after the change it says so and offers to end the other sessions", async () => {
    change.mockResolvedValue({ ok: true });
    endSessions.mockResolvedValue({ ok: true, ended: 2 });
    renderIn("en", <PasswordSection page={page} />);
    await openDialog();
    await userEvent.click(screen.getByRole("checkbox", { name: en.security.password.signOutOthers }));
    await fill(en.security.password, "Old-pass1", "New-pass1", "New-pass1");
    expect(change).toHaveBeenCalledWith({ oldPassword: "Old-pass1", password: "New-pass1", confirmPassword: "New-pass1", signOutOthers: false }, page);
    expect(await screen.findByText(en.security.password.changed)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText(en.security.password.endOthersOffer)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: en.security.password.endOthers }));
    expect(endSessions).toHaveBeenCalledWith({}, page);
    expect(await screen.findByText("2 other sessions were ended.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: en.security.password.endOthers })).not.toBeInTheDocument();
  });

  it("shows why the other sessions could not be ended, and lets the user try again", async () => {
    change.mockResolvedValue({ ok: true });
    endSessions.mockResolvedValue({ ok: false, error: { code: 1002 } });
    renderIn("en", <PasswordSection page={page} />);
    await openDialog();
    await userEvent.click(screen.getByRole("checkbox", { name: en.security.password.signOutOthers }));
    await fill(en.security.password, "Old-pass1", "New-pass1", "New-pass1");
    await userEvent.click(await screen.findByRole("button", { name: en.security.password.endOthers }));
    expect(await screen.findByText(en.errors["1002"])).toBeInTheDocument();
    expect(screen.getByRole("button", { name: en.security.password.endOthers })).toBeEnabled();
  });
});
