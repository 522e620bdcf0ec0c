import type { Messages } from "next-intl";

export type Namespace = keyof Messages;

/**
 * The message namespaces client components read, by part of the portal. Only these reach the
 * browser (and every render's payload): the whole catalogue is about 35 KB, a sign-in page
 * needs about a third of it. tests/unit/i18n/client-namespaces.test.ts checks each list
 * against the `useTranslations` calls of the components that part renders.
 */
export const SIGN_IN_NAMESPACES = [
  "common",
  "errors",
  "validation",
  "verification",
  "notices",
  "login",
  "register",
  "findpwd",
  "loginBusiness",
  "deviceSignIn",
  "legal",
  "embed",
  "social",
] as const satisfies readonly Namespace[];

export const ACCOUNT_NAMESPACES = [
  "common",
  "errors",
  "validation",
  "verification",
  "notices",
  "menu",
  "profile",
  "settings",
  "security",
  "businessSettings",
  "exchange",
  "training",
  "messageCentre",
  "social",
] as const satisfies readonly Namespace[];

export const SN_PASSWORD_NAMESPACES = ["common", "errors", "validation", "snPassword", "training"] as const satisfies readonly Namespace[];

/** The namespaces of `all` named in `namespaces`, for a client provider. */
export function pickNamespaces(all: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, all[namespace]]));
}
