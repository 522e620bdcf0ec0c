import { hash } from "@node-rs/argon2";
import { createUser, findUserByEmail } from "@/lib/backend/services/users";
import { OPEN_TIMEOUT, requestCode, startBackend, stopBackend } from "./support/harness";
import { startRemote, type Remote, type RemoteClient } from "./support/remote";

/**
 * SPEC §5's 6–20 characters, as a direct client meets them (a plain HTTP client from 127.0.0.2,
 * no portal in between): characters are code points in NFC (lib/contract/rules.ts), and a
 * password is the same whether its accents were typed composed or decomposed.
 */
jest.setTimeout(60_000);

let remote: Remote;
let client: RemoteClient;
beforeAll(async () => {
  await startBackend({ TRUST_PROXY: "0" });
  remote = await startRemote();
  client = remote.from("127.0.0.2");
}, OPEN_TIMEOUT);
afterAll(async () => {
  await remote?.server.close();
  await stopBackend();
});

const CAFE_NFD = "cafe\u0301-pass"; // "café-pass" with a combining accent: 10 code points, 9 in NFC
const CAFE_NFC = CAFE_NFD.normalize("NFC");

/** Registers with each password in turn, on one emailed code, until one is taken; every answer. */
async function register(email: string, ...passwords: string[]) {
  const { nonce, code } = await requestCode(email);
  const answers = [];
  for (const password of passwords) {
    const answer = await client.call("POST", "/v1/register", { body: { email, password, captcha: code, nonce } });
    answers.push(answer);
    if (answer.code === 0) break;
  }
  return answers;
}

const login = (email: string, password: string) => client.call("POST", "/v1/login", { body: { email, password } });

test("three emoji are too short for the API, as for the form; nothing is created", async () => {
  const [refused] = await register("three@example.com", "😀😀😀");
  expect(refused).toMatchObject({ status: 400, code: 10001, data: { fields: ["password"] } });
  expect(await findUserByEmail("three@example.com")).toBeNull();
});

test("eleven emoji, which the form also takes, register and sign in; twenty-one are refused", async () => {
  const eleven = "😀".repeat(11);
  const [tooLong, taken] = await register("eleven@example.com", "😀".repeat(21), eleven);
  expect(tooLong).toMatchObject({ status: 400, code: 10001, data: { fields: ["password"] } });
  expect(taken).toMatchObject({ status: 200, code: 0 });
  expect(await login("eleven@example.com", eleven)).toMatchObject({ status: 200, code: 0 });
});

test("a CJK extension B password of six ideographs (twelve UTF-16 units) is six characters", async () => {
  const password = "𠀀𠀁𠀂𠀃𠀄𠀅";
  expect(await register("ext-b@example.com", password)).toMatchObject([{ status: 200, code: 0 }]);
  expect(await login("ext-b@example.com", password)).toMatchObject({ status: 200, code: 0 });
});

test("a password set with decomposed accents signs in typed either way, and so does one set composed", async () => {
  expect(await register("nfd@example.com", CAFE_NFD)).toMatchObject([{ code: 0 }]);
  expect(await login("nfd@example.com", CAFE_NFD)).toMatchObject({ code: 0 });
  expect(await login("nfd@example.com", CAFE_NFC)).toMatchObject({ code: 0 });
  expect(await register("nfc@example.com", CAFE_NFC)).toMatchObject([{ code: 0 }]);
  expect(await login("nfc@example.com", CAFE_NFD)).toMatchObject({ code: 0 });
  expect(await login("nfc@example.com", "cafe-pass1")).toMatchObject({ code: 20205 });
});

test("an account hashed before the NFC rule, from decomposed text, still signs in as it always did", async () => {
  // the hash as the services made it before: of the password exactly as typed
  await createUser({ email: "legacy@example.com", passwordHash: await hash(CAFE_NFD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }) });
  expect(await login("legacy@example.com", CAFE_NFD)).toMatchObject({ status: 200, code: 0 });
});

test("changing the password through the API counts the same way", async () => {
  await register("change@example.com", "secret-pass1");
  const signedIn = await login("change@example.com", "secret-pass1");
  const headers = { utoken: String(signedIn.data?.utoken) };
  const short = await client.call("PATCH", "/v1/user/password", { body: { oldPassword: "secret-pass1", newPassword: "😀😀😀" }, headers });
  expect(short).toMatchObject({ status: 400, code: 10001, data: { fields: ["newPassword"] } });
  expect(await login("change@example.com", "secret-pass1")).toMatchObject({ code: 0 });
  const eleven = "😀".repeat(11);
  const changed = await client.call("PATCH", "/v1/user/password", { body: { oldPassword: "secret-pass1", newPassword: eleven, signOutOthers: false }, headers });
  expect(changed).toMatchObject({ status: 200, code: 0 });
  expect(await login("change@example.com", eleven)).toMatchObject({ code: 0 });
});
