import { authenticationOptionsResponse, registrationOptionsResponse, type AuthenticationOptions, type RegistrationOptions } from "@/lib/contract/passkeys";
import { SoftAuthenticator, type Bend } from "../../support/soft-authenticator";
import { call, type Reply } from "./harness";

/** The passkey ceremonies as a browser runs them against the services, with a software authenticator. */
/** A step-up proof in this session with the password (adding and removing passkeys need one). */
export async function proveWithPassword(token: string, password = "secret-pass1"): Promise<void> {
  expect((await call("POST", "/v1/user/step-up", { token, body: { password } })).code).toBe(0);
}

export async function registrationOptions(token: string): Promise<RegistrationOptions> {
  await proveWithPassword(token);
  const reply = await call("POST", "/v1/user/passkey/register/options", { token, body: {} });
  expect(reply.code).toBe(0);
  return registrationOptionsResponse.parse(reply.data);
}

export async function addPasskey(token: string, device: SoftAuthenticator, name = "Laptop", bend: Bend = {}): Promise<Reply> {
  const { attempt, options } = await registrationOptions(token);
  return call("POST", "/v1/user/passkey/register", { token, body: { attempt, name, response: device.create(options, bend) } });
}

export async function signInOptions(headers?: Record<string, string>): Promise<AuthenticationOptions> {
  const reply = await call("POST", "/v1/login/passkey/options", { body: {}, headers });
  expect(reply.code).toBe(0);
  return authenticationOptionsResponse.parse(reply.data);
}

export async function signInWithPasskey(device: SoftAuthenticator, bend: Bend = {}, headers?: Record<string, string>): Promise<Reply> {
  const { attempt, options } = await signInOptions(headers);
  return call("POST", "/v1/login/passkey", { body: { attempt, response: device.get(options, bend) }, headers });
}

export { SoftAuthenticator };
