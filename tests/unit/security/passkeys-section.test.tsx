import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RegistrationResponseJSON } from "@simplewebauthn/browser";
import type { PasskeyItem } from "@/lib/contract/passkeys";
import { PasskeysSection } from "@/components/security/passkeys-section";
import { passkeyListAction, passkeyRegistrationOptionsAction, registerPasskeyAction, removePasskeyAction, renamePasskeyAction } from "@/lib/actions/passkeys";
import { createPasskey, passkeySignalsHeard, passkeysUsable, signalPasskeys } from "@/lib/passkeys/browser";
import { altchaSetup, messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/passkeys", () => ({
  passkeyListAction: jest.fn(),
  passkeyRegistrationOptionsAction: jest.fn(),
  registerPasskeyAction: jest.fn(),
  renamePasskeyAction: jest.fn(),
  removePasskeyAction: jest.fn(),
  passkeyProofOptionsAction: jest.fn(),
  proveWithPasskeyAction: jest.fn(),
}));
jest.mock("@/lib/actions/step-up", () => ({ stepUpMethodsAction: jest.fn(), stepUpWithPasswordAction: jest.fn(), sendStepUpCodeAction: jest.fn(), stepUpWithCodeAction: jest.fn() }));
jest.mock("@/lib/passkeys/browser", () => ({
  passkeysUsable: jest.fn(),
  createPasskey: jest.fn(),
  askForPasskey: jest.fn(),
  signalPasskeys: jest.fn(),
  signalUnknownPasskey: jest.fn(),
  passkeySignalsHeard: jest.fn(),
  passkeyCancelled: (error: unknown) => error instanceof Error && error.name === "NotAllowedError",
  passkeyForbidden: (error: unknown) => error instanceof Error && error.name === "SecurityError",
}));

const { en, zh } = messages;
const page = { lang: "en", query: "", business: false };
const laptop: PasskeyItem = { id: "11111111-1111-4111-8111-111111111111", name: "Laptop", createdAt: "2026-03-01T08:00:00.000Z", lastUsedAt: null, backedUp: true };
const registration: RegistrationResponseJSON = { id: "cred", rawId: "cred", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON: "e30", attestationObject: "oA" } };

function show(lang: "en" | "zh", passkeys: PasskeyItem[]) {
  return renderIn(lang, <PasskeysSection page={{ ...page, lang }} initial={{ passkeys, max: 20 }} error={null} email="a@example.com" verification={altchaSetup} upgrade={null} />);
}

beforeEach(() => {
  jest.mocked(passkeysUsable).mockReturnValue(true);
});
afterEach(() => jest.resetAllMocks());

describe("account security: passkeys", () => {
  it("adds a passkey through the browser's dialog with the name typed, and lists it", async () => {
    jest.mocked(passkeyRegistrationOptionsAction).mockResolvedValue({ ok: true, attempt: "a".repeat(43), options: { challenge: "c", rp: { name: "Passport", id: "localhost" }, user: { id: "u", name: "a@example.com", displayName: "a" }, pubKeyCredParams: [] } });
    jest.mocked(createPasskey).mockResolvedValue(registration);
    jest.mocked(registerPasskeyAction).mockResolvedValue({ ok: true, passkey: { ...laptop, id: "22222222-2222-4222-8222-222222222222", name: "手机" } });
    show("zh", []);
    const section = screen.getByRole("region", { name: zh.passkeys.title });
    expect(await within(section).findByText(zh.passkeys.empty)).toBeInTheDocument();
    await userEvent.type(await within(section).findByLabelText(zh.passkeys.nameLabel), "手机");
    await userEvent.click(within(section).getByRole("button", { name: zh.passkeys.add }));
    expect(registerPasskeyAction).toHaveBeenCalledWith({ attempt: "a".repeat(43), name: "手机", response: registration }, { ...page, lang: "zh" });
    expect(await within(section).findByText(zh.passkeys.addedNotice.replace("{name}", "手机"))).toBeInTheDocument();
    expect(within(section).getAllByRole("listitem")).toHaveLength(1);
  });

  it("a dialog the person closes says nothing and saves nothing", async () => {
    jest.mocked(passkeyRegistrationOptionsAction).mockResolvedValue({ ok: true, attempt: "a".repeat(43), options: { challenge: "c", rp: { name: "P" }, user: { id: "u", name: "n", displayName: "n" }, pubKeyCredParams: [] } });
    jest.mocked(createPasskey).mockRejectedValue(Object.assign(new Error("closed"), { name: "NotAllowedError" }));
    show("en", []);
    await userEvent.click(await screen.findByRole("button", { name: en.passkeys.add }));
    expect(registerPasskeyAction).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("where passkeys cannot be created, the add control is replaced by a note; the list stays", async () => {
    jest.mocked(passkeysUsable).mockReturnValue(false);
    show("en", [laptop]);
    expect(await screen.findByText(en.passkeys.unavailable)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: en.passkeys.add })).not.toBeInTheDocument();
    expect(screen.getByText("Laptop")).toBeInTheDocument();
    expect(screen.getByText(en.passkeys.synced)).toBeInTheDocument();
  });

  it("renames in place and removes after a confirmation", async () => {
    jest.mocked(renamePasskeyAction).mockResolvedValue({ ok: true, passkey: { ...laptop, name: "Work laptop" } });
    jest.mocked(removePasskeyAction).mockResolvedValue({ ok: true });
    show("en", [laptop]);
    await userEvent.click(screen.getByRole("button", { name: en.passkeys.renameNamed.replace("{name}", "Laptop") }));
    const field = screen.getByLabelText(en.passkeys.renameLabel);
    await userEvent.clear(field);
    await userEvent.type(field, "{Enter}");
    expect(await screen.findByText(en.validation.passkeyNameRequired)).toBeInTheDocument();
    expect(renamePasskeyAction).not.toHaveBeenCalled();
    await userEvent.type(field, "Work laptop{Enter}");
    expect(await screen.findByText("Work laptop")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: en.passkeys.removeNamed.replace("{name}", "Work laptop") }));
    const confirm = await screen.findByRole("alertdialog");
    await userEvent.click(within(confirm).getByRole("button", { name: en.passkeys.remove }));
    expect(removePasskeyAction).toHaveBeenCalledWith({ id: laptop.id }, page);
    expect(await screen.findByText(en.passkeys.empty)).toBeInTheDocument();
  });

  it("tells the browser the account's passkeys on each visit and after a removal (WebAuthn signals)", async () => {
    const signals = { rpId: "localhost", userId: "dQ", name: "a@example.com", displayName: "a@example.com", credentialIds: ["cred-1"] };
    jest.mocked(passkeySignalsHeard).mockReturnValue(true);
    jest.mocked(removePasskeyAction).mockResolvedValue({ ok: true });
    jest.mocked(passkeyListAction).mockResolvedValue({ ok: true, passkeys: [], max: 20, signals: { ...signals, credentialIds: [] } });
    renderIn("en", <PasskeysSection page={page} initial={{ passkeys: [laptop], max: 20, signals }} error={null} email="a@example.com" verification={altchaSetup} upgrade={null} />);
    await screen.findByRole("button", { name: en.passkeys.removeNamed.replace("{name}", "Laptop") });
    expect(signalPasskeys).toHaveBeenCalledWith(signals);

    await userEvent.click(screen.getByRole("button", { name: en.passkeys.removeNamed.replace("{name}", "Laptop") }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: en.passkeys.remove }));
    expect(await screen.findByText(en.passkeys.empty)).toBeInTheDocument();
    expect(passkeyListAction).toHaveBeenCalledWith(page);
    expect(signalPasskeys).toHaveBeenLastCalledWith({ ...signals, credentialIds: [] });
  });

  it("Escape cancels a rename, keeping the old name, and focus goes back to the Rename button; so does a save", async () => {
    jest.mocked(renamePasskeyAction).mockResolvedValue({ ok: true, passkey: { ...laptop, name: "桌面" } });
    show("zh", [laptop]);
    const renameLaptop = screen.getByRole("button", { name: zh.passkeys.renameNamed.replace("{name}", "Laptop") });
    await userEvent.click(renameLaptop);
    const field = screen.getByLabelText(zh.passkeys.renameLabel);
    expect(field).toHaveFocus();
    await userEvent.type(field, " changed");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByLabelText(zh.passkeys.renameLabel)).not.toBeInTheDocument();
    expect(screen.getByText("Laptop")).toBeInTheDocument();
    expect(renamePasskeyAction).not.toHaveBeenCalled();
    const again = screen.getByRole("button", { name: zh.passkeys.renameNamed.replace("{name}", "Laptop") });
    expect(again).toHaveFocus();

    await userEvent.keyboard("{Enter}");
    const next = screen.getByLabelText(zh.passkeys.renameLabel);
    await userEvent.clear(next);
    await userEvent.type(next, "桌面{Enter}");
    const renamed = await screen.findByRole("button", { name: zh.passkeys.renameNamed.replace("{name}", "桌面") });
    expect(renamed).toHaveFocus();
  });
});
