import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TwoStepSection } from "@/components/security/two-step-section";
import { groupSecret } from "@/components/security/two-step-setup-dialog";
import { recoveryCodesFile } from "@/components/security/recovery-codes-panel";
import { confirmTotpSetupAction, renewRecoveryCodesAction, startTotpSetupAction, turnOffTwoStepAction } from "@/lib/actions/two-step";
import { stepUpMethodsAction } from "@/lib/actions/step-up";
import type { TwoStepStatus } from "@/lib/contract/two-step";
import { altchaSetup, messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/two-step", () => ({
  startTotpSetupAction: jest.fn(),
  confirmTotpSetupAction: jest.fn(),
  turnOffTwoStepAction: jest.fn(),
  renewRecoveryCodesAction: jest.fn(),
  stepUpWithTotpAction: jest.fn(),
}));
jest.mock("@/lib/actions/step-up", () => ({ stepUpMethodsAction: jest.fn(), stepUpWithPasswordAction: jest.fn(), sendStepUpCodeAction: jest.fn(), stepUpWithCodeAction: jest.fn() }));
const start = jest.mocked(startTotpSetupAction);
const confirm = jest.mocked(confirmTotpSetupAction);
const renew = jest.mocked(renewRecoveryCodesAction);
const turnOff = jest.mocked(turnOffTwoStepAction);
const methods = jest.mocked(stepUpMethodsAction);

const page = { lang: "en", query: "p=atomm", business: false };
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const QR = "data:image/svg+xml;base64,PHN2Zy8+";
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const off = { enabled: false, since: null, recoveryCodesLeft: 0 };

function renderSection(lang: "en" | "zh", status: TwoStepStatus = off) {
  return renderIn(lang, <TwoStepSection page={{ ...page, lang }} initial={status} initialError={null} email="ada@example.com" verification={altchaSetup} />);
}

beforeEach(() => {
  jest.resetAllMocks();
  start.mockResolvedValue({ ok: true, setup: { secret: SECRET, qr: QR } });
});

describe("turning two-step on", () => {
  it.each(["en", "zh"] as const)("shows the QR code and the grouped key, refuses a wrong first code, then shows the ten codes once (%s)", async (lang) => {
    const t = messages[lang].twoStep;
    confirm.mockResolvedValueOnce({ ok: false, error: { code: 20903 } }).mockResolvedValueOnce({ ok: true, recoveryCodes: CODES });
    renderSection(lang);
    await userEvent.click(screen.getByRole("button", { name: t.section.turnOn }));
    const dialog = await screen.findByRole("dialog", { name: t.setup.title });
    expect(within(dialog).getByRole("img", { name: t.setup.qrAlt })).toHaveAttribute("src", QR);
    expect(within(dialog).getByLabelText(t.setup.secretLabel)).toHaveValue("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");

    await userEvent.click(within(dialog).getByRole("button", { name: t.setup.confirm }));
    expect(await within(dialog).findByText(messages[lang].validation.codeRequired)).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    const field = within(dialog).getByLabelText(t.setup.codeLabel);
    await userEvent.type(field, "000000");
    await userEvent.click(within(dialog).getByRole("button", { name: t.setup.confirm }));
    expect(await within(dialog).findByText(t.setup.codeIncorrect)).toBeInTheDocument();
    expect(field).toHaveValue("");

    await userEvent.type(field, "123456");
    await userEvent.click(within(dialog).getByRole("button", { name: t.setup.confirm }));
    expect(confirm).toHaveBeenLastCalledWith({ code: "123456" }, { ...page, lang });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const list = screen.getByRole("list", { name: t.codes.listLabel });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual(CODES);
    expect(screen.getByText(t.section.turnedOn)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: t.codes.title })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: t.codes.done }));
    expect(screen.queryByRole("list", { name: t.codes.listLabel })).not.toBeInTheDocument();
    // "Turn on" is gone: focus goes to what the section says now, not to the page
    expect(screen.getByText(lang === "en" ? "10 recovery codes left." : "剩余 10 个恢复码。")).toHaveFocus();
  });

  it("works by keyboard: the setup opens from the button, focus stays in the dialog, Escape closes it and two-step stays off", async () => {
    const t = messages.en.twoStep;
    renderSection("en");
    await userEvent.tab();
    expect(screen.getByRole("button", { name: t.section.turnOn })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: t.setup.title });
    await within(dialog).findByLabelText(t.setup.codeLabel);
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();
    // focus goes back to the button that opened it, not to the page
    await waitFor(() => expect(screen.getByRole("button", { name: t.section.turnOn })).toHaveFocus());
  });

  it("says so when the setup cannot start, and tries again", async () => {
    start.mockResolvedValueOnce({ ok: false, error: { code: 20904 } });
    renderSection("en");
    await userEvent.click(screen.getByRole("button", { name: messages.en.twoStep.section.turnOn }));
    expect(await screen.findByText(messages.en.errors["20904"])).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: messages.en.twoStep.setup.retry }));
    expect(await screen.findByRole("img", { name: messages.en.twoStep.setup.qrAlt })).toBeInTheDocument();
  });
});

describe("with two-step on", () => {
  const on = { enabled: true, since: "2026-11-01T00:00:00.000Z", recoveryCodesLeft: 3 };

  it("new codes and turning off ask for a step-up first, then go through", async () => {
    const t = messages.en.twoStep.section;
    methods.mockResolvedValue({ ok: true, methods: ["password", "totp"] });
    renew.mockResolvedValueOnce({ ok: false, error: { code: 20113 } });
    turnOff.mockResolvedValueOnce({ ok: true, status: off });
    renderSection("en", on);
    expect(screen.getByText("3 recovery codes left.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: t.newCodes }));
    const stepUp = await screen.findByRole("dialog", { name: messages.en.stepUp.title });
    expect(await within(stepUp).findByLabelText(messages.en.twoStep.stepUp.codeLabel)).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(await screen.findByText(messages.en.errors["20113"])).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: t.turnOff }));
    expect(screen.getByText(t.offQuestion)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole("group")).getByRole("button", { name: t.turnOff }));
    expect(await screen.findByText(t.turnedOff)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: t.turnOn })).toBeInTheDocument();
  });
});

describe("keyboard focus with two-step on", () => {
  const on = { enabled: true, since: "2026-11-01T00:00:00.000Z", recoveryCodesLeft: 3 };

  it("after new codes, \"I have saved them\" gives focus back to \"New recovery codes\"", async () => {
    const t = messages.en.twoStep;
    renew.mockResolvedValueOnce({ ok: true, recoveryCodes: CODES });
    renderSection("en", on);
    await userEvent.click(screen.getByRole("button", { name: t.section.newCodes }));
    expect(await screen.findByRole("heading", { name: t.codes.title })).toHaveFocus();
    await userEvent.keyboard("{Tab}{Tab}{Tab}{Enter}");
    expect(screen.queryByRole("heading", { name: t.codes.title })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: t.section.newCodes })).toHaveFocus();
  });

  it("the \"Turn off\" question takes the focus; Escape closes it and gives focus back to \"Turn off\" (zh)", async () => {
    const t = messages.zh.twoStep.section;
    renderSection("zh", on);
    await userEvent.click(screen.getByRole("button", { name: t.turnOff }));
    const question = screen.getByRole("group", { name: t.offQuestion });
    expect(within(question).getByRole("button", { name: t.cancel })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("group", { name: t.offQuestion })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: t.turnOff })).toHaveFocus();
    expect(turnOff).not.toHaveBeenCalled();

    await userEvent.keyboard("{Enter}");
    await userEvent.click(within(screen.getByRole("group", { name: t.offQuestion })).getByRole("button", { name: t.cancel }));
    expect(screen.getByRole("button", { name: t.turnOff })).toHaveFocus();
  });

  it("turned off, focus goes to \"Turn on\"; refused, back to \"Turn off\"", async () => {
    const t = messages.en.twoStep.section;
    turnOff.mockResolvedValueOnce({ ok: false, error: { code: 20905 } }).mockResolvedValueOnce({ ok: true, status: off });
    renderSection("en", on);
    await userEvent.click(screen.getByRole("button", { name: t.turnOff }));
    await userEvent.click(within(screen.getByRole("group")).getByRole("button", { name: t.turnOff }));
    expect(await screen.findByText(messages.en.errors["20905"])).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: t.turnOff })).toHaveFocus());
    await userEvent.click(screen.getByRole("button", { name: t.turnOff }));
    await userEvent.click(within(screen.getByRole("group")).getByRole("button", { name: t.turnOff }));
    expect(await screen.findByText(t.turnedOff)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: t.turnOn })).toHaveFocus());
  });
});

test("the key is grouped by four and the download file lists every code under its heading", () => {
  expect(groupSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  expect(recoveryCodesFile(["a", "b"], "Heading")).toBe("Heading\n\na\nb\n");
});
