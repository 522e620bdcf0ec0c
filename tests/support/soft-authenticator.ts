import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import type { AuthenticationResponse, RegistrationResponse } from "@/lib/contract/passkeys";

/**
 * A software authenticator for tests and the bench (never product code): ES256 keys from
 * node:crypto, "none" attestation, CBOR by the encoder @simplewebauthn/server ships. It answers
 * the options the services hand out as a browser would, and lets a test bend any part of the
 * answer (origin, RP ID, counter, user handle, flags) to play an attacker.
 */
type Credential = { id: Uint8Array<ArrayBuffer>; privateKey: KeyObject; userHandle: string; rpId: string; counter: number };

export type Bend = {
  origin?: string;
  rpId?: string;
  /** the counter the authenticator reports (default: one more than last time) */
  counter?: number;
  userHandle?: string;
  /** user verified (default true) */
  uv?: boolean;
  /** user present (default true; a conditional create answers without) */
  up?: boolean;
  type?: string;
  challenge?: string;
  /** the answer comes from a cross-origin frame on this top-level page */
  topOrigin?: string;
};

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function sha256(data: Uint8Array | string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(createHash("sha256").update(data).digest());
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.concat(parts.map((part) => Buffer.from(part))));
}

function counterBytes(counter: number): Uint8Array {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter >>> 0);
  return new Uint8Array(bytes);
}

function clientData(type: string, challenge: string, origin: string, topOrigin?: string): string {
  const framed = topOrigin ? { crossOrigin: true, topOrigin } : { crossOrigin: false };
  return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin, ...framed }));
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly origin = "http://localhost:3000") {}

  /** navigator.credentials.create: a new ES256 passkey for the options' RP and user. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, bend: Bend = {}): RegistrationResponse {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(String(jwk.x))],
        [-3, isoBase64URL.toBuffer(String(jwk.y))],
      ]),
    );
    const id = Uint8Array.from(randomBytes(32));
    const rpId = options.rp.id ?? "localhost";
    const credential: Credential = { id, privateKey, userHandle: options.user.id, rpId, counter: bend.counter ?? 0 };
    const idLength = new Uint8Array([id.length >> 8, id.length & 0xff]);
    const authData = concat(sha256(bend.rpId ?? rpId), new Uint8Array([(bend.up === false ? 0 : UP) | (bend.uv === false ? 0 : UV) | AT]), counterBytes(credential.counter), new Uint8Array(16), idLength, id, cose);
    const attestationObject = isoCBOR.encode(new Map<string, string | Uint8Array | Map<string, string>>([["fmt", "none"], ["attStmt", new Map<string, string>()], ["authData", authData]]));
    this.credentials.push(credential);
    const encodedId = isoBase64URL.fromBuffer(id);
    return {
      id: encodedId,
      rawId: encodedId,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData(bend.type ?? "webauthn.create", bend.challenge ?? options.challenge, bend.origin ?? this.origin),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /**
   * The newest passkey as Chromium's virtual authenticator takes it (CDP WebAuthn.addCredential:
   * binary fields in standard base64), so a browser can use a passkey registered here.
   */
  exportNewest(): { credentialId: string; isResidentCredential: true; rpId: string; privateKey: string; userHandle: string; signCount: number } {
    const credential = this.credentials.at(-1);
    if (!credential) throw new Error("no passkey on this authenticator");
    return {
      credentialId: Buffer.from(credential.id).toString("base64"),
      isResidentCredential: true,
      rpId: credential.rpId,
      privateKey: credential.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
      userHandle: Buffer.from(isoBase64URL.toBuffer(credential.userHandle)).toString("base64"),
      signCount: credential.counter,
    };
  }

  /** navigator.credentials.get with a discoverable credential: the newest passkey (or `which`) signs. */
  get(options: { challenge: string; rpId?: string }, bend: Bend = {}, which?: Credential): AuthenticationResponse {
    const credential = which ?? this.credentials.at(-1);
    if (!credential) throw new Error("no passkey on this authenticator");
    credential.counter = bend.counter ?? credential.counter + 1;
    const authData = concat(sha256(bend.rpId ?? options.rpId ?? credential.rpId), new Uint8Array([UP | (bend.uv === false ? 0 : UV)]), counterBytes(credential.counter));
    const clientDataJSON = clientData(bend.type ?? "webauthn.get", bend.challenge ?? options.challenge, bend.origin ?? this.origin, bend.topOrigin);
    const signature = createSign("SHA256").update(concat(authData, sha256(isoBase64URL.toBuffer(clientDataJSON)))).sign(credential.privateKey);
    const id = isoBase64URL.fromBuffer(credential.id);
    return {
      id,
      rawId: id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(Uint8Array.from(signature)),
        userHandle: bend.userHandle ?? credential.userHandle,
      },
    };
  }
}
