import { passkeyListResponse, registrationOptionsResponse } from "@/lib/contract/passkeys";
import { call, proveStepUp, registerUser, type Reply } from "./support/harness";
import { addPasskey, SoftAuthenticator } from "./support/passkeys";
import { newBrowser, socialBackendPerTest, socialRoundTrip } from "./support/social";

/**
 * One rule for every way in (docs/security.md, "A user never removes their last way in"): the
 * password, each social account and each passkey count; no removal leaves an account with none.
 */
const { provider, backend } = socialBackendPerTest();

/** An account made by Google sign-in: no password; its session token. */
async function socialOnly(email: string): Promise<string> {
  const back = await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email } });
  const token = back.searchParams.get("ut");
  if (!token) throw new Error(`no session: ${back.toString()}`);
  return token;
}

/** A fresh step-up proof by emailed code (an account without a password); the resend wait is passed first. */
async function proveByCode(token: string, email: string): Promise<void> {
  backend()?.advance(61);
  await proveStepUp(token, email);
}

/** Adds a passkey to an account without a password (its proof is an emailed code). */
async function addPasskeyByCode(token: string, email: string, device: SoftAuthenticator): Promise<string> {
  await proveByCode(token, email);
  const options = registrationOptionsResponse.parse((await call("POST", "/v1/user/passkey/register/options", { token, body: {} })).data);
  const added = await call("POST", "/v1/user/passkey/register", { token, body: { attempt: options.attempt, name: "Phone", response: device.create(options.options) } });
  expect(added.code).toBe(0);
  return String(added.data?.id);
}

async function passkeyIds(token: string): Promise<string[]> {
  return passkeyListResponse.parse((await call("GET", "/v1/user/passkeys", { token })).data).passkeys.map((key) => key.id);
}
async function connected(token: string): Promise<string[]> {
  const list = (await call("GET", "/v1/user/oauth/list", { token })).data as { providers: Array<{ channel: string; connected: boolean }> };
  return list.providers.filter((item) => item.connected).map((item) => item.channel);
}
const disconnect = (token: string, channel: string): Promise<Reply> => call("POST", "/v1/user/unbind/oauth", { token, body: { channel } });
const removeKey = (token: string, id: string): Promise<Reply> => call("DELETE", `/v1/user/passkey/${id}`, { token });

test("a passkey counts: a social-only account with one disconnects its provider, then cannot remove that last passkey", async () => {
  const email = "keyed-social@example.com";
  const token = await socialOnly(email);
  const id = await addPasskeyByCode(token, email, new SoftAuthenticator());

  // the passkey is a way in of its own, so Google may go
  expect(await disconnect(token, "google")).toMatchObject({ code: 0 });
  expect(await connected(token)).toEqual([]);

  // now the passkey is the only way in: refused before any proof is asked for, and it stays
  backend()?.advance(301);
  expect(await removeKey(token, id)).toMatchObject({ status: 409, code: 20304 });
  await proveByCode(token, email);
  expect(await removeKey(token, id)).toMatchObject({ status: 409, code: 20304 });
  expect(await passkeyIds(token)).toEqual([id]);
});

test("a social-only account keeps its provider as the last way in once its only passkey is removed", async () => {
  const email = "social-then-key@example.com";
  const token = await socialOnly(email);
  const id = await addPasskeyByCode(token, email, new SoftAuthenticator());
  // Google is left, so the passkey may go (with a proof)
  backend()?.advance(301);
  expect(await removeKey(token, id)).toMatchObject({ status: 403, code: 20113 });
  await proveByCode(token, email);
  expect(await removeKey(token, id)).toMatchObject({ code: 0 });
  expect(await passkeyIds(token)).toEqual([]);
  // and then Google is the last way in again
  expect(await disconnect(token, "google")).toMatchObject({ status: 409, code: 20304 });
  expect(await connected(token)).toEqual(["google"]);
});

test("with a password, the last passkey can be removed; with two passkeys and nothing else, one can", async () => {
  const { utoken } = await registerUser("pass-and-key@example.com");
  const added = await addPasskey(utoken, new SoftAuthenticator());
  expect(added.code).toBe(0);
  expect(await removeKey(utoken, String(added.data?.id))).toMatchObject({ code: 0 });

  const email = "two-keys@example.com";
  const token = await socialOnly(email);
  const first = await addPasskeyByCode(token, email, new SoftAuthenticator());
  const second = await addPasskeyByCode(token, email, new SoftAuthenticator());
  expect(await disconnect(token, "google")).toMatchObject({ code: 0 });
  expect(await removeKey(token, first)).toMatchObject({ code: 0 });
  expect(await removeKey(token, second)).toMatchObject({ status: 409, code: 20304 });
  expect(await passkeyIds(token)).toEqual([second]);
});

test("a disconnection and a passkey removal at once never leave an account without a way in", async () => {
  const email = "race-ways@example.com";
  const token = await socialOnly(email);
  const id = await addPasskeyByCode(token, email, new SoftAuthenticator());
  const replies = await Promise.all([disconnect(token, "google"), removeKey(token, id)]);
  expect(replies.map((reply) => reply.code).sort()).toEqual([0, 20304]);
  expect((await connected(token)).length + (await passkeyIds(token)).length).toBe(1);
});
