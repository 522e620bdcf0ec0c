import type { Messages } from "next-intl";

export type Namespace = keyof Messages;

/**
 * The message namespaces client components read, by part of the portal (the sign-in part by
 * screen). Only these reach the browser (and every render's payload): the whole catalogue is
 * about 35 KB, a sign-in page needs about a quarter of it. tests/unit/i18n/client-namespaces.test.ts
 * checks each list against the `useTranslations` calls of the components each renders.
 */

/** What every sign-in screen's frame and forms read (the language select, errors, verification). */
const SIGN_IN_COMMON = ["common", "errors", "validation", "verification", "notices", "embed"] as const satisfies readonly Namespace[];

/**
 * The sign-in screens, one list each: a sign-in page is the first page of every visit and its
 * HTML carries these messages twice over (payload and markup), so each gets only its own.
 */
export const SIGN_IN_SCREENS = {
  login: [...SIGN_IN_COMMON, "login", "register", "deviceSignIn", "twoStep", "social", "passkeys"],
  register: [...SIGN_IN_COMMON, "login", "register", "legal", "social"],
  findpwd: [...SIGN_IN_COMMON, "findpwd"],
  loginBusiness: [...SIGN_IN_COMMON, "loginBusiness", "deviceSignIn", "twoStep", "passkeys"],
  socialConnect: [...SIGN_IN_COMMON, "social", "deviceSignIn", "twoStep"],
  socialWelcome: ["common", "notices", "embed"],
  accountSecured: ["common", "notices", "embed"],
  idpSignedIn: ["common", "notices", "embed"],
  addressHandoff: ["common", "errors", "validation", "notices", "embed", "addressHandoff"],
  // a social sign-in two-step holds asks for its second step on the callback page
  authCallback: ["common", "errors", "validation", "verification", "social", "deviceSignIn", "twoStep"],
} as const satisfies Record<string, readonly Namespace[]>;

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
  "stepUp",
  "passkeys",
  "twoStep",
  "businessSettings",
  "exchange",
  "training",
  "messageCentre",
  "social",
] as const satisfies readonly Namespace[];

/** The operator console (app/[lang]/console): its own namespace and the shared error texts. */
export const CONSOLE_NAMESPACES = ["common", "errors", "validation", "console", "messageCentre"] as const satisfies readonly Namespace[];

export const SN_PASSWORD_NAMESPACES = ["common", "errors", "validation", "snPassword", "training"] as const satisfies readonly Namespace[];

/** The namespaces of `all` named in `namespaces`, for a client provider. */
export function pickNamespaces(all: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, all[namespace]]));
}
