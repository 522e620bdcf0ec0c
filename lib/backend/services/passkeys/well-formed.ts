import { decodeAttestationObject, decodeClientDataJSON, isoBase64URL, parseAuthenticatorData } from "@simplewebauthn/server/helpers";
import type { AuthenticationResponse, RegistrationResponse } from "@/lib/contract/passkeys";
import { ErrorCode, ServiceError } from "../../errors";

/**
 * Whether an answer is WebAuthn at all, before it is verified: client data that is JSON with a
 * type, challenge and origin, and authenticator data (in CBOR for a registration) that parses.
 * Garbage is 20704 (a 400), told apart from an answer that parses but does not verify (20701):
 * the library throws plain errors for both, and neither may become a 500.
 */
function malformed(): ServiceError {
  return new ServiceError(ErrorCode.passkeyMalformed);
}

function checkClientData(value: string): void {
  try {
    const data = decodeClientDataJSON(value);
    if (typeof data.type !== "string" || typeof data.challenge !== "string" || typeof data.origin !== "string") throw malformed();
  } catch {
    throw malformed();
  }
}

export function assertWellFormedRegistration(response: RegistrationResponse): void {
  checkClientData(response.response.clientDataJSON);
  try {
    const attestation = decodeAttestationObject(isoBase64URL.toBuffer(response.response.attestationObject));
    const authData = attestation.get("authData");
    if (!(authData instanceof Uint8Array) || typeof attestation.get("fmt") !== "string") throw malformed();
    const parsed = parseAuthenticatorData(authData);
    if (!parsed.credentialID || !parsed.credentialPublicKey) throw malformed();
  } catch {
    throw malformed();
  }
}

export function assertWellFormedAssertion(response: AuthenticationResponse): void {
  checkClientData(response.response.clientDataJSON);
  try {
    parseAuthenticatorData(isoBase64URL.toBuffer(response.response.authenticatorData));
  } catch {
    throw malformed();
  }
}
