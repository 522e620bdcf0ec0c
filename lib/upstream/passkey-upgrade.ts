import "server-only";
import {
  autoRegistrationOptionsResponse,
  passkeyItem,
  passkeyUpgradeSetting,
  type AutoRegistrationOptions,
  type PasskeyItem,
  type PasskeyUpgradeSetting,
  type RegistrationResponse,
} from "@/lib/contract/passkeys";
import { passportCall, type UpstreamContext } from "./context";

/** The automatic passkey upgrade on the passport API (lib/contract/passkeys.ts) and its setting. */

export async function autoRegistrationOptions(ctx: UpstreamContext): Promise<AutoRegistrationOptions> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/passkey/auto-register/options", body: {}, schema: autoRegistrationOptionsResponse });
}

export async function autoRegisterPasskey(ctx: UpstreamContext, input: { attempt: string; response: RegistrationResponse }): Promise<PasskeyItem> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/passkey/auto-register", body: input, schema: passkeyItem });
}

export async function getPasskeyUpgrade(ctx: UpstreamContext): Promise<PasskeyUpgradeSetting> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/passkey/upgrade", schema: passkeyUpgradeSetting });
}

export async function setPasskeyUpgrade(ctx: UpstreamContext, input: PasskeyUpgradeSetting): Promise<PasskeyUpgradeSetting> {
  return passportCall(ctx, { method: "PATCH", path: "/v1/user/passkey/upgrade", body: input, schema: passkeyUpgradeSetting });
}
