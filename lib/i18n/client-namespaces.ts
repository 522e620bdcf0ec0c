import type { Messages, NestedKeyOf } from "next-intl";

export type Namespace = keyof Messages;

/** A namespace, a part of one, or one message: "errors", "twoStep.signIn", "login.title". */
export type MessagePath = NestedKeyOf<Messages>;

/**
 * The messages client components read, by part of the portal (the sign-in part by screen). Only
 * these reach the browser (and every render's payload): the whole catalogue is about 70 KB in
 * English, a sign-in screen needs a few of them. tests/unit/i18n/client-namespaces.test.ts checks
 * each list against the `useTranslations` calls and the keys of the components each part renders.
 */

/** The frame of every sign-in screen but the callback: the footer, the language select, the embedded screens' notes, the one-time notice. */
const SIGN_IN_FRAME = ["common.copyright", "common.version", "common.language", "common.languageNames", "embed", "notices"] as const satisfies readonly MessagePath[];

/** What every sign-in form reads: the error texts (by code, so all of them), the human verification. */
const SIGN_IN_FORM = ["errors", "validation", "verification"] as const satisfies readonly MessagePath[];

/** A form with a password field (its show and hide button). */
const PASSWORD_FIELD = ["common.showPassword", "common.hidePassword"] as const satisfies readonly MessagePath[];

/** The steps a sign-in may still ask for (a new device's emailed code, two-step's code), loaded when asked. */
const SECOND_STEPS = ["common.loading", "deviceSignIn", "twoStep.signIn"] as const satisfies readonly MessagePath[];

/**
 * The email and emailed code fields of sign-in by code and sign-up (components/auth/email-and-code.tsx):
 * their texts come from the screen's own namespace, chosen at run time, so both screens get both.
 */
const EMAIL_AND_CODE = ["email", "emailPlaceholder", "code", "codePlaceholder", "sendCode", "resendIn", "codeSent"] as const;

/** The passkey button of the sign-in forms. */
const PASSKEY_BUTTON = ["passkeys.or", "passkeys.signIn", "passkeys.signingIn"] as const satisfies readonly MessagePath[];

/** The social buttons under a sign-in or sign-up form. */
const SOCIAL_BUTTONS = ["social.buttons", "social.providers"] as const satisfies readonly MessagePath[];

/**
 * The sign-in screens, one list each: a sign-in page is the first page of every visit and its
 * HTML carries these messages in its payload, so each gets only the messages its client
 * components read (a namespace whole where they read all of it, or any key of it chosen at run time).
 */
export const SIGN_IN_SCREENS = {
  login: [
    ...SIGN_IN_FRAME,
    ...SIGN_IN_FORM,
    ...PASSWORD_FIELD,
    ...SECOND_STEPS,
    ...PASSKEY_BUTTON,
    ...SOCIAL_BUTTONS,
    "common.expiredLogin",
    "login",
    ...EMAIL_AND_CODE.map((key) => `register.${key}` as const),
  ],
  register: [
    ...SIGN_IN_FRAME,
    ...SIGN_IN_FORM,
    ...PASSWORD_FIELD,
    ...SOCIAL_BUTTONS,
    "legal",
    ...EMAIL_AND_CODE.map((key) => `login.${key}` as const),
    ...(["password", "passwordPlaceholder", "confirmPassword", "confirmPasswordPlaceholder", "agreePrefix", "and", "submit", "haveAccount", "toLogin", ...EMAIL_AND_CODE] as const).map((key) => `register.${key}` as const),
  ],
  findpwd: [...SIGN_IN_FRAME, ...SIGN_IN_FORM, ...PASSWORD_FIELD, "findpwd"],
  loginBusiness: [...SIGN_IN_FRAME, ...SIGN_IN_FORM, ...PASSWORD_FIELD, ...SECOND_STEPS, ...PASSKEY_BUTTON, "common.expiredLogin", "loginBusiness"],
  socialConnect: [...SIGN_IN_FRAME, ...SIGN_IN_FORM, ...PASSWORD_FIELD, ...SECOND_STEPS, "social.connect", "social.providers"],
  socialWelcome: SIGN_IN_FRAME,
  accountSecured: SIGN_IN_FRAME,
  idpSignedIn: SIGN_IN_FRAME,
  addressHandoff: [...SIGN_IN_FRAME, "errors", "validation", "addressHandoff.continue", "addressHandoff.notMe"],
  // a social sign-in two-step holds asks for its second step on the callback page, outside the frame
  authCallback: [...SIGN_IN_FORM, ...SECOND_STEPS, "social.callback"],
} as const satisfies Record<string, readonly MessagePath[]>;

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

type MessageValue = string | MessageValue[] | MessageTree;
type MessageTree = { [key: string]: MessageValue };

/**
 * The parts of `all` named in `paths`, nested as in `all`, for a client provider. A path the
 * catalogue lacks is left out (the test named above keeps every list whole in both languages).
 */
export function pickMessages(all: Messages, paths: readonly MessagePath[]): MessageTree {
  const picked: MessageTree = {};
  for (const path of paths) pickPath(all, picked, path.split("."));
  return picked;
}

function pickPath(from: MessageTree, into: MessageTree, [key, ...rest]: string[]): void {
  if (key === undefined) return;
  const value = from[key];
  if (value === undefined) return;
  if (rest.length === 0) {
    into[key] = value;
    return;
  }
  if (typeof value === "string" || Array.isArray(value)) return;
  const present = into[key];
  // a part already picked whole holds this path; never write into the catalogue's own objects
  if (present === value) return;
  const child: MessageTree = present !== undefined && typeof present === "object" && !Array.isArray(present) ? present : {};
  into[key] = child;
  pickPath(value, child, rest);
}
