import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DeviceSection } from "@/components/security/device-section";
import { setDeviceSecurityAction } from "@/lib/actions/security";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/security", () => ({ setDeviceSecurityAction: jest.fn(), forgetDeviceAction: jest.fn() }));
const setSecurity = jest.mocked(setDeviceSecurityAction);
const { en, zh } = messages;
const page = { lang: "en", query: "p=atomm", business: false };
const on = { enabled: true, devices: [] };
const off = { enabled: false, devices: [] };

beforeEach(() => setSecurity.mockReset());

describe("account security: device security", () => {
  it("switching it off asks for the current password first; without one nothing is sent", async () => {
    renderIn("zh", <DeviceSection page={{ ...page, lang: "zh" }} initial={on} initialError={null} />);
    await userEvent.click(screen.getByRole("switch", { name: zh.security.devices.switchLabel }));
    const dialog = await screen.findByRole("dialog", { name: zh.security.devices.offTitle });
    await userEvent.click(within(dialog).getByRole("button", { name: zh.security.devices.offConfirm }));
    expect(await within(dialog).findByText(zh.validation.passwordRequired)).toBeInTheDocument();
    expect(setSecurity).not.toHaveBeenCalled();
    // cancelled: still on
    await userEvent.click(within(dialog).getByRole("button", { name: zh.security.devices.offCancel }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("switch")).toBeChecked();
  });

  it("a wrong password is said in the dialog and the switch stays on; the right one turns it off", async () => {
    setSecurity.mockResolvedValueOnce({ ok: false, error: { code: 20206 } }).mockResolvedValueOnce({ ok: true, security: off });
    renderIn("en", <DeviceSection page={page} initial={on} initialError={null} />);
    await userEvent.click(screen.getByRole("switch", { name: en.security.devices.switchLabel }));
    const dialog = await screen.findByRole("dialog", { name: en.security.devices.offTitle });
    await userEvent.type(within(dialog).getByLabelText(en.security.devices.offPassword), "not-it-1");
    await userEvent.click(within(dialog).getByRole("button", { name: en.security.devices.offConfirm }));
    expect(await within(dialog).findByText(en.errors["20206"])).toBeInTheDocument();
    // (the page behind a modal dialog is hidden from the accessibility tree)
    expect(screen.getByRole("switch", { hidden: true })).toBeChecked();

    const field = within(dialog).getByLabelText(en.security.devices.offPassword);
    await userEvent.clear(field);
    await userEvent.type(field, "Right-pass1");
    await userEvent.click(within(dialog).getByRole("button", { name: en.security.devices.offConfirm }));
    expect(setSecurity).toHaveBeenLastCalledWith({ enabled: false, password: "Right-pass1" }, page);
    expect(await screen.findByText(en.security.devices.turnedOff)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("switch")).not.toBeChecked();
  });

  it("switching it on needs no password", async () => {
    setSecurity.mockResolvedValue({ ok: true, security: on });
    renderIn("en", <DeviceSection page={page} initial={off} initialError={null} />);
    await userEvent.click(screen.getByRole("switch", { name: en.security.devices.switchLabel }));
    expect(setSecurity).toHaveBeenCalledWith({ enabled: true }, page);
    expect(await screen.findByText(en.security.devices.turnedOn)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
