import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DeleteAccountSection } from "@/components/security/delete-account-section";
import { deleteAccountAction, sendDeleteCodeAction } from "@/lib/actions/security";
import { altchaSetup, messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/security", () => ({ deleteAccountAction: jest.fn(), sendDeleteCodeAction: jest.fn() }));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const sendCode = jest.mocked(sendDeleteCodeAction);
const remove = jest.mocked(deleteAccountAction);
const { en, zh } = messages;
const email = "ada@example.com";
const page = { lang: "en", query: "p=atomm", business: false };
const NONCE = "n".repeat(32);

function renderSection(locale: "en" | "zh" = "en") {
  return renderIn(locale, <DeleteAccountSection page={{ ...page, lang: locale }} email={email} verification={altchaSetup} />);
}

/** Opens the dialog and passes the verification, which mails the code. */
async function toCodeStep(t: typeof en.security.delete = en.security.delete) {
  await userEvent.click(screen.getByRole("button", { name: t.open }));
  const dialog = await screen.findByRole("dialog", { name: t.dialogTitle });
  expect(within(dialog).getByText(t.verifyIntro.replace("{email}", email))).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole("button", { name: `verify delete for ${email}` }));
  await within(dialog).findByLabelText(t.code);
  return dialog;
}

beforeEach(() => {
  sendCode.mockReset();
  remove.mockReset();
  window.sessionStorage.clear();
  sendCode.mockResolvedValue({ ok: true, nonce: NONCE, resendAfter: 60 });
});

describe("account security: delete account", () => {
  it("mails the code to the account's own address only after the human verification", async () => {
    renderSection();
    const dialog = await toCodeStep();
    expect(sendCode).toHaveBeenCalledWith({ verification: { provider: "altcha", value: `solved:delete:${email}` } }, page);
    expect(within(dialog).getByText(en.security.delete.codeSent.replace("{email}", email).replace("{seconds}", ""))).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: /Resend in \d+s/ })).toBeDisabled();
  });

  it.each(["en", "zh"] as const)("the delete button is enabled only once both confirmations are ticked, and nothing is deleted before (%s)", async (lang) => {
    renderSection(lang);
    const t = messages[lang].security.delete;
    const dialog = await toCodeStep(t);
    const submit = within(dialog).getByRole("button", { name: t.submit });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(t.confirmBoth);
    await userEvent.type(within(dialog).getByLabelText(t.code), "123456");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: t.confirmFinancial }));
    expect(submit).toBeDisabled();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: t.confirmPermanent }));
    expect(submit).toBeEnabled();
    expect(within(dialog).queryByText(t.confirmBoth)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: t.confirmFinancial }));
    expect(submit).toBeDisabled();
    expect(remove).not.toHaveBeenCalled();
  });

  it("needs the code, and deletes nothing without it", async () => {
    renderSection("zh");
    const dialog = await toCodeStep(zh.security.delete);
    await userEvent.click(within(dialog).getByRole("checkbox", { name: zh.security.delete.confirmFinancial }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: zh.security.delete.confirmPermanent }));
    await userEvent.click(within(dialog).getByRole("button", { name: zh.security.delete.submit }));
    expect(await within(dialog).findByText(zh.validation.codeRequired)).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
  });

  it("sends the code, the nonce and both confirmations when everything is given, then leaves the page", async () => {
    // jsdom cannot navigate: it reports the attempt on the console instead.
    const navigation = jest.spyOn(console, "error").mockImplementation(() => undefined);
    remove.mockResolvedValue({ ok: true, redirect: "/en/login?p=atomm" });
    renderSection();
    const dialog = await toCodeStep();
    await userEvent.type(within(dialog).getByLabelText(en.security.delete.code), "123456");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: en.security.delete.confirmFinancial }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: en.security.delete.confirmPermanent }));
    await userEvent.click(within(dialog).getByRole("button", { name: en.security.delete.submit }));
    expect(remove).toHaveBeenCalledWith({ code: "123456", financialResponsibility: true, permanentDeletion: true, nonce: NONCE }, page);
    await waitFor(() => expect(navigation).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining("navigation") })));
    navigation.mockRestore();
  });

  it("shows a wrong code on the form and keeps the dialog open", async () => {
    remove.mockResolvedValue({ ok: false, error: { code: 20204 } });
    renderSection();
    const dialog = await toCodeStep();
    await userEvent.type(within(dialog).getByLabelText(en.security.delete.code), "000000");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: en.security.delete.confirmFinancial }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: en.security.delete.confirmPermanent }));
    await userEvent.click(within(dialog).getByRole("button", { name: en.security.delete.submit }));
    expect(await within(dialog).findByText(en.errors["20204"])).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: en.security.delete.dialogTitle })).toBeInTheDocument();
  });

  it("offers a fresh verification when the code could not be sent", async () => {
    sendCode.mockResolvedValueOnce({ ok: false, error: { code: 10004, retryAfter: 30 } });
    renderSection();
    await userEvent.click(screen.getByRole("button", { name: en.security.delete.open }));
    const dialog = await screen.findByRole("dialog", { name: en.security.delete.dialogTitle });
    await userEvent.click(within(dialog).getByRole("button", { name: `verify delete for ${email}` }));
    expect(await within(dialog).findByText("Too many attempts. Please try again in 30 seconds.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: `verify delete for ${email}` })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(en.security.delete.code)).not.toBeInTheDocument();
  });
});
