import type { RegistrationResponseJSON } from "@simplewebauthn/browser";
import { startRegistration } from "@simplewebauthn/browser";
import { autoRegisterPasskeyAction, autoRegistrationOptionsAction } from "@/lib/actions/passkey-upgrade";
import { passkeysUsable } from "@/lib/passkeys/browser";
import { upgradeToPasskey } from "@/lib/passkeys/auto-upgrade";

jest.mock("@simplewebauthn/browser", () => ({ startRegistration: jest.fn() }));
jest.mock("@/lib/actions/passkey-upgrade", () => ({ autoRegistrationOptionsAction: jest.fn(), autoRegisterPasskeyAction: jest.fn() }));
jest.mock("@/lib/passkeys/browser", () => ({ passkeysUsable: jest.fn() }));

/** The automatic passkey upgrade's decision, after a password sign-in went through. */
const page = { lang: "en", query: "" };
const options = { rp: { name: "Passport", id: "localhost" }, user: { id: "dQ", name: "a@example.com", displayName: "A" }, challenge: "c", pubKeyCredParams: [{ alg: -7, type: "public-key" as const }] };
const attempt = "a".repeat(43);
const answer: RegistrationResponseJSON = { id: "cred", rawId: "cred", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON: "e30", attestationObject: "AA" } };

function browserReports(capabilities: Record<string, boolean> | null): void {
  const credential = function PublicKeyCredential() {};
  if (capabilities) Object.defineProperty(credential, "getClientCapabilities", { value: () => Promise.resolve(capabilities) });
  Object.defineProperty(window, "PublicKeyCredential", { value: credential, configurable: true, writable: true });
}

beforeEach(() => {
  jest.mocked(passkeysUsable).mockReturnValue(true);
  jest.mocked(autoRegistrationOptionsAction).mockResolvedValue({ ok: true, upgrade: { enabled: true, attempt, options } });
  jest.mocked(startRegistration).mockResolvedValue(answer);
  jest.mocked(autoRegisterPasskeyAction).mockResolvedValue({ ok: true });
});
afterEach(() => jest.resetAllMocks());

describe("the automatic passkey upgrade after a password sign-in", () => {
  it("asks the password manager for a passkey without a prompt (conditional create) and saves the answer", async () => {
    browserReports({ conditionalCreate: true, conditionalGet: true });
    await upgradeToPasskey(page);
    expect(autoRegistrationOptionsAction).toHaveBeenCalledWith(page);
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: options, useAutoRegister: true });
    expect(autoRegisterPasskeyAction).toHaveBeenCalledWith({ attempt, response: answer }, page);
  });

  it.each([
    ["the browser has no getClientCapabilities", null],
    ["the browser reports no conditional create", { conditionalGet: true }],
    ["the browser reports conditional create unsupported", { conditionalCreate: false }],
  ])("does nothing when %s", async (_, capabilities) => {
    browserReports(capabilities);
    await upgradeToPasskey(page);
    expect(autoRegistrationOptionsAction).not.toHaveBeenCalled();
    expect(startRegistration).not.toHaveBeenCalled();
  });

  it("does nothing where passkeys cannot be created (a frame without the permission, an IP address)", async () => {
    browserReports({ conditionalCreate: true });
    jest.mocked(passkeysUsable).mockReturnValue(false);
    await upgradeToPasskey(page);
    expect(autoRegistrationOptionsAction).not.toHaveBeenCalled();
  });

  it("does nothing when the account turned the upgrade off", async () => {
    browserReports({ conditionalCreate: true });
    jest.mocked(autoRegistrationOptionsAction).mockResolvedValue({ ok: true, upgrade: { enabled: false } });
    await upgradeToPasskey(page);
    expect(startRegistration).not.toHaveBeenCalled();
    expect(autoRegisterPasskeyAction).not.toHaveBeenCalled();
  });

  it("swallows every failure: a refused options call, a browser that refuses, a save that fails", async () => {
    browserReports({ conditionalCreate: true });
    jest.mocked(autoRegistrationOptionsAction).mockResolvedValueOnce({ ok: false, error: { code: 20113 } });
    await expect(upgradeToPasskey(page)).resolves.toBeUndefined();
    expect(startRegistration).not.toHaveBeenCalled();

    jest.mocked(startRegistration).mockRejectedValueOnce(Object.assign(new Error("no saved password"), { name: "NotAllowedError" }));
    await expect(upgradeToPasskey(page)).resolves.toBeUndefined();
    expect(autoRegisterPasskeyAction).not.toHaveBeenCalled();

    jest.mocked(autoRegisterPasskeyAction).mockRejectedValueOnce(new Error("network"));
    await expect(upgradeToPasskey(page)).resolves.toBeUndefined();
  });
});
