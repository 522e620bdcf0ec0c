import type { Page } from "@playwright/test";

/**
 * Chromium's virtual authenticator (CDP WebAuthn): a platform authenticator with resident keys
 * and user verification, presence simulated. Returns a way to add a credential to it.
 */
export async function virtualAuthenticator(page: Page): Promise<(credential: Record<string, unknown>) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return async (credential) => {
    await cdp.send("WebAuthn.addCredential", { authenticatorId, credential: credential as never });
  };
}
