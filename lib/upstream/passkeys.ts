import "server-only";
import { emptySchema } from "@/lib/contract/envelope";
import {
  authenticationOptionsResponse,
  passkeyItem,
  passkeyListResponse,
  passkeyLoginResponse,
  registrationOptionsResponse,
  type AuthenticationOptions,
  type AuthenticationResponse,
  type PasskeyItem,
  type PasskeyList,
  type PasskeySession,
  type RegistrationOptions,
  type RegistrationResponse,
} from "@/lib/contract/passkeys";
import { stepUpResponse, type StepUpProof } from "@/lib/contract/step-up";
import { passportCall, type UpstreamContext } from "./context";

/** Passkeys on the passport API (lib/contract/passkeys.ts): the user's own, sign-in, and step-up proof. */

export async function passkeyRegistrationOptions(ctx: UpstreamContext): Promise<RegistrationOptions> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/passkey/register/options", body: {}, schema: registrationOptionsResponse });
}

export async function registerPasskey(ctx: UpstreamContext, input: { attempt: string; name: string; response: RegistrationResponse }): Promise<PasskeyItem> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/passkey/register", body: input, schema: passkeyItem });
}

export async function listPasskeys(ctx: UpstreamContext): Promise<PasskeyList> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/passkeys", schema: passkeyListResponse });
}

export async function renamePasskey(ctx: UpstreamContext, input: { id: string; name: string }): Promise<PasskeyItem> {
  return passportCall(ctx, { method: "PATCH", path: `/v1/user/passkey/${encodeURIComponent(input.id)}`, body: { name: input.name }, schema: passkeyItem });
}

export async function removePasskey(ctx: UpstreamContext, input: { id: string }): Promise<void> {
  await passportCall(ctx, { method: "DELETE", path: `/v1/user/passkey/${encodeURIComponent(input.id)}`, schema: emptySchema });
}

export async function passkeySignInOptions(ctx: UpstreamContext): Promise<AuthenticationOptions> {
  return passportCall(ctx, { method: "POST", path: "/v1/login/passkey/options", body: {}, schema: authenticationOptionsResponse });
}

export async function loginWithPasskey(ctx: UpstreamContext, input: { attempt: string; response: AuthenticationResponse; remember: boolean }): Promise<PasskeySession> {
  return passportCall(ctx, { method: "POST", path: "/v1/login/passkey", body: input, schema: passkeyLoginResponse });
}

export async function passkeyProofOptions(ctx: UpstreamContext): Promise<AuthenticationOptions> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/step-up/passkey/options", body: {}, schema: authenticationOptionsResponse });
}

export async function proveWithPasskey(ctx: UpstreamContext, input: { attempt: string; response: AuthenticationResponse }): Promise<StepUpProof> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/step-up/passkey", body: input, schema: stepUpResponse });
}
