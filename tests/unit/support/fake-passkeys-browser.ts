/**
 * Stands in for lib/passkeys/browser.ts in the sign-in forms' tests (jsdom has no WebAuthn):
 * every call a jest.fn the test answers, a failure never a cancel or a refusal. Used as
 * `jest.mock("@/lib/passkeys/browser", () => jest.requireActual("../support/fake-passkeys-browser").fakePasskeysBrowser())`.
 */
export function fakePasskeysBrowser() {
  return {
    passkeysUsable: jest.fn(),
    autofillAvailable: jest.fn(),
    askForPasskey: jest.fn(),
    signalPasskeys: jest.fn(),
    signalUnknownPasskey: jest.fn(),
    passkeySignalsHeard: jest.fn(),
    passkeyCancelled: () => false,
    passkeyForbidden: () => false,
  };
}
