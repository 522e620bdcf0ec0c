import { render } from "@testing-library/react";
import { CloseIdpWindow } from "@/components/auth/close-idp-window";
import { closeIdentityProviderWindow } from "@/lib/bridge/identity-provider";

/**
 * The end of a sign-in in the window the browser opened for FedCM (app/[lang]/(auth)/signed-in):
 * the page asks the browser to close the window where it has `IdentityProvider.close()`, and
 * leaves the page as it is where it has not.
 */
afterEach(() => {
  Reflect.deleteProperty(window, "IdentityProvider");
});

test("the page asks a browser with the FedCM API to close its window, once", () => {
  const close = jest.fn();
  Object.defineProperty(window, "IdentityProvider", { value: { close }, configurable: true });
  const { container } = render(<CloseIdpWindow />);
  expect(close).toHaveBeenCalledTimes(1);
  expect(container).toBeEmptyDOMElement();
});

test("a browser without it is left on the page", () => {
  const { container } = render(<CloseIdpWindow />);
  expect(container).toBeEmptyDOMElement();
  expect(closeIdentityProviderWindow({})).toBe(false);
  expect(closeIdentityProviderWindow({ IdentityProvider: {} })).toBe(false);
});

test("a browser that refuses to close the window (not opened for FedCM) is left on the page", () => {
  const close = jest.fn(() => {
    throw new DOMException("not a FedCM login window", "NotAllowedError");
  });
  expect(closeIdentityProviderWindow({ IdentityProvider: { close } })).toBe(false);
  expect(close).toHaveBeenCalledTimes(1);
});
