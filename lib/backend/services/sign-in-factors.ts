import { ErrorCode } from "../errors";
import { credentialAnswer } from "./account-lookups";
import { consumeVerificationCode } from "./codes";
import { findEnterpriseByAccount } from "./enterprises";
import { upgradePasswordHash } from "./password-upgrade";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import { recordCodeFailure, refuseSignIn, takeCodeCheck, takeEnterpriseLookup } from "./protection";
import type { Factor } from "./sign-in";
import type { UserRow } from "./users";

/**
 * The ways in of the sign-in pipeline (sign-in.ts), one factor each. Each refuses with the
 * answer the caller may hear: an unknown account, an enterprise user on the consumer sign-in and
 * a wrong password get one answer (20205), in the same time (a dummy hash is checked when there
 * is no account to check); a caller that passed a verification for this attempt may hear 20202
 * within the account-lookup budgets (account-lookups.ts).
 */

/** Email + password, consumers only (enterprise users sign in with their account ID). */
export function consumerPassword(password: string, ticket: string | undefined): Factor {
  return {
    method: "password",
    verification: { scene: "password_login", ticket },
    proves: ["password"],
    async prove({ attempt, account, verified }) {
      if (!account || account.enterpriseId) {
        await verifyAgainstDummy(password);
        const reason = account ? ErrorCode.incorrectCredentials : ErrorCode.accountNotFound;
        throw await refuseSignIn(attempt, reason, await credentialAnswer(attempt, reason, verified));
      }
      if (!(await verifyPassword(account.passwordHash, password))) {
        const reason = ErrorCode.incorrectCredentials;
        throw await refuseSignIn(attempt, reason, await credentialAnswer(attempt, reason, verified));
      }
      if (account.passwordResetRequired) throw await refuseSignIn(attempt, ErrorCode.passwordResetRequired);
      await upgradePasswordHash(account, password);
      return account;
    },
  };
}

/**
 * An emailed code of purpose "login", consumers only. The code is checked before the account is
 * looked at (a login code is only mailed to an address with an account, so a made-up code tells
 * nothing: 20204); then an unknown email is 20202 (a race) and an enterprise user 20205. Never
 * delayed by wrong passwords: it is the way in while a password wait runs.
 */
export function emailedCode(code: string, nonce: string, ip: string | null): Factor {
  return {
    method: "code",
    proves: ["email_code"],
    async prove({ attempt, account }) {
      await takeCodeCheck(ip);
      await recordCodeFailure(attempt, () => consumeVerificationCode({ email: attempt.email, purpose: "login", nonce, code }));
      if (!account) throw await refuseSignIn(attempt, ErrorCode.accountNotFound);
      if (account.enterpriseId) throw await refuseSignIn(attempt, ErrorCode.incorrectCredentials);
      return account;
    },
  };
}

/**
 * Enterprise account ID + enterprise email + password. Each attempt counts as an account-ID
 * lookup of the address (the budget of POST /v1/enterprise/verify/account, 429 over it). An
 * unknown account ID, an email that is not that enterprise's user and a wrong password all get
 * 20205; the failure log keeps which it was. The right password of an account that said "This
 * wasn't me" is refused with 20221 (reset it by email; disown.ts), here as on the consumer sign-in.
 */
export function enterprisePassword(accountId: string, password: string, ticket: string | undefined, ip: string | null): Factor {
  return {
    method: "enterprise",
    verification: { scene: "enterprise_login", ticket },
    proves: ["password"],
    async prove({ attempt, account }) {
      await takeEnterpriseLookup(ip);
      const enterprise = await findEnterpriseByAccount(accountId);
      const user = enterprise && account?.enterpriseId === enterprise.id ? account : null;
      if (!user) {
        await verifyAgainstDummy(password);
        const reason = enterprise ? ErrorCode.incorrectCredentials : ErrorCode.accountNotFound;
        throw await refuseSignIn(attempt, reason, ErrorCode.incorrectCredentials);
      }
      if (!(await verifyPassword(user.passwordHash, password))) throw await refuseSignIn(attempt, ErrorCode.incorrectCredentials);
      if (user.passwordResetRequired) throw await refuseSignIn(attempt, ErrorCode.passwordResetRequired);
      await upgradePasswordHash(user, password);
      return user;
    },
  };
}

/**
 * The code mailed to a device security held back (device-sign-in.ts): the challenge named the
 * account, the code proves its mailbox (five checks per code, 20204), then the challenge is
 * spent (`spend`: once, a second use is 20204). Device security holds back only a password
 * alone (factor-kinds.ts provesDevice), so the challenge stands for a right password before it.
 */
export function deviceCode(user: UserRow, challenge: string, code: string, spend: () => Promise<void>): Factor {
  return {
    method: "device",
    proves: ["device_code"],
    earlier: ["password"],
    async prove({ attempt }) {
      await recordCodeFailure(attempt, () => consumeVerificationCode({ email: user.email, purpose: "device", nonce: challenge, code }));
      await spend();
      return user;
    },
  };
}
