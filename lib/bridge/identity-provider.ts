/**
 * The window a browser opens on the passport's sign-in page for FedCM (the config's `login_url`,
 * docs/fedcm.md) is closed by the page itself once the user is signed in, with the FedCM API's
 * `IdentityProvider.close()`; the browser then reads the accounts again and goes on with the
 * brand's sign-in. The browser already knows the user is signed in from the sign-in's
 * `Set-Login: logged-in` header (lib/server/login-status.ts). Client-only; the API may be missing.
 */
type IdentityProviderApi = { close(): void };

function identityProviderOf(scope: object): IdentityProviderApi | null {
  if (!("IdentityProvider" in scope)) return null;
  const api: unknown = scope.IdentityProvider;
  if ((typeof api !== "object" && typeof api !== "function") || api === null || !("close" in api) || typeof api.close !== "function") return null;
  const close = api.close;
  return { close: () => close.call(api) };
}

/** True when the browser was asked to close this window (it has the FedCM API). */
export function closeIdentityProviderWindow(scope: object = globalThis): boolean {
  const api = identityProviderOf(scope);
  if (!api) return false;
  try {
    api.close();
    return true;
  } catch {
    return false;
  }
}
