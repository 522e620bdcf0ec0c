import { clearSingleton, singleton } from "../singleton";

/**
 * The offline list of common passwords: `@zxcvbn-ts/language-common`'s "passwords-common"
 * (49 233 entries, from leaked-password frequency lists), shipped in the npm package, so nothing
 * is downloaded at run time. It is read on the first password change of the process, not when
 * this module is imported (decompressing it takes tens of milliseconds and a few MB), and kept
 * as one Set. Only the services import it: the portal never imports lib/backend, so the list
 * never reaches a browser.
 */
function loadList(): Promise<ReadonlySet<string>> {
  return import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"].map(comparable)));
}

/**
 * How a password is compared with the list: NFC (as it is hashed, lib/backend/services/passwords.ts)
 * and lower case, so "Password1" or "PASSWORD1" is as common as "password1" (the list is lower case).
 */
function comparable(password: string): string {
  return password.normalize("NFC").toLowerCase();
}

const NAME = "commonPasswords";

export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await singleton(NAME, () =>
    loadList().catch((error: unknown) => {
      clearSingleton(NAME); // not remembered: the next caller tries again
      throw error;
    }),
  );
  return list.has(comparable(password));
}
