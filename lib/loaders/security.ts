import "server-only";
import { redirect } from "next/navigation";
import { ErrorCode } from "@/lib/contract/errors";
import type { UserFullInfo } from "@/lib/contract/passport";
import type { Locale } from "@/lib/i18n/routing";
import type { LaunchContext } from "@/lib/launch/context";
import { currentUser, readToken, upstreamContext } from "@/lib/session/server";
import { isUpstreamError } from "@/lib/upstream/errors";
import { getAppAccess, getDeviceSecurity, getSessionLog, getSocialAccounts, type DeviceSecurity, type SessionLog, type SocialAccounts } from "@/lib/upstream/security";
import type { AppAccessList } from "@/lib/contract/app-access";
import { getTwoStepStatus } from "@/lib/upstream/two-step";
import type { TwoStepStatus } from "@/lib/contract/two-step";
import { loadVerificationSetup } from "@/lib/upstream/verification";
import { listPasskeys } from "@/lib/upstream/passkeys";
import type { PasskeyList, PasskeyUpgradeSetting } from "@/lib/contract/passkeys";
import { getPasskeyUpgrade } from "@/lib/upstream/passkey-upgrade";
import type { VerificationSetup } from "@/lib/validation/verification";
import { SESSION_PAGE_SIZES } from "@/lib/validation/security";

/** A section's data, or the code of why it could not be read (the section then says so). */
export type Loaded<T> = { data: T; error: null } | { data: null; error: number };

export type SecurityData = {
  user: UserFullInfo;
  sessions: Loaded<SessionLog>;
  devices: Loaded<DeviceSecurity>;
  social: Loaded<SocialAccounts>;
  passkeys: Loaded<PasskeyList>;
  passkeyUpgrade: Loaded<PasskeyUpgradeSetting>;
  twoStep: Loaded<TwoStepStatus>;
  apps: Loaded<AppAccessList>;
  verification: VerificationSetup;
};

async function settle<T>(read: Promise<T>): Promise<Loaded<T>> {
  try {
    return { data: await read, error: null };
  } catch (error) {
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) throw error;
    return { data: null, error: isUpstreamError(error) ? error.code : ErrorCode.systemError };
  }
}

/**
 * Everything the account-security page shows, read in parallel. One section that cannot be read
 * does not take the page down. A session that ended meanwhile (20101) goes to `loginHref`, where
 * the guard clears it and says so.
 */
export async function loadSecurity(lang: Locale, launch: LaunchContext, loginHref: string): Promise<SecurityData> {
  try {
    const token = await readToken();
    const user = await currentUser(lang, launch);
    if (!user || !token) redirect(loginHref);
    const ctx = await upstreamContext(lang, launch, token);
    const [sessions, devices, social, passkeys, passkeyUpgrade, twoStep, apps, verification] = await Promise.all([
      settle(getSessionLog(ctx, { page: 1, pageSize: SESSION_PAGE_SIZES[0] })),
      settle(getDeviceSecurity(ctx)),
      settle(getSocialAccounts(ctx)),
      settle(listPasskeys(ctx)),
      settle(getPasskeyUpgrade(ctx)),
      settle(getTwoStepStatus(ctx)),
      settle(getAppAccess(ctx)),
      loadVerificationSetup(ctx),
    ]);
    return { user, sessions, devices, social, passkeys, passkeyUpgrade, twoStep, apps, verification };
  } catch (error) {
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) redirect(loginHref);
    throw error;
  }
}
