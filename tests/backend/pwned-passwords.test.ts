import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { call, captureLog, OPEN_TIMEOUT, registerUser, startBackend, stopBackend } from "./support/harness";

/**
 * PWNED_PASSWORDS_URL: the services ask a k-anonymity range API (here a server of this test's
 * own on loopback, answering as Have I Been Pwned does) about each new password. Only five hex
 * characters of the SHA-1 leave; padding lines are ignored; a slow or failing API lets the
 * password through with one log line that holds nothing of the password: the test's range
 * server can stay silent, and the services must hang up on it themselves.
 */
const sha1 = (text: string) => createHash("sha1").update(text, "utf8").digest("hex").toUpperCase();

const PWNED = "Laser-Pwned-2026"; // not on the offline list; the range server knows it
const PADDED = "Laser-Padded-2026"; // in the answer only as a padding line (count 0)
const CAFE = "café-laser-7"; // known in NFC; sent typed with a decomposed accent

type Seen = { url: string; headers: IncomingHttpHeaders; body: string };
let mode: "answer" | "silent" | "fail" = "answer";
const seen: Seen[] = [];
/** In silent mode: how long each request waited unanswered before the caller hung up, in ms. */
let hangUps: Array<Promise<number>> = [];
const range: Server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  request.on("end", () => {
    seen.push({ url: request.url ?? "", headers: request.headers, body });
    if (mode === "silent") {
      // never answers: only the caller's own timeout ends the request
      const arrived = performance.now();
      hangUps.push(new Promise((resolve) => response.on("close", () => resolve(performance.now() - arrived))));
      return;
    }
    if (mode === "fail") {
      response.writeHead(500).end("down");
      return;
    }
    const prefix = (request.url ?? "").replace("/range/", "");
    const known = [PWNED, CAFE].map(sha1).filter((hash) => hash.startsWith(prefix));
    const padding = [PADDED].map(sha1).filter((hash) => hash.startsWith(prefix));
    const lines = ["0018A45C4D1DEF81644B54AB7F969B88D65:2", ...known.map((hash) => `${hash.slice(5)}:41`), ...padding.map((hash) => `${hash.slice(5)}:0`)];
    response.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"));
  });
});

let token = "";
let current = "Laser-Start-1";
beforeAll(async () => {
  await new Promise<void>((resolve) => range.listen(0, "127.0.0.1", resolve));
  const { port } = range.address() as AddressInfo;
  await startBackend({ PWNED_PASSWORDS_URL: `http://127.0.0.1:${port}/` });
  token = (await registerUser("pwned@example.com", current)).utoken;
}, OPEN_TIMEOUT);
afterAll(async () => {
  try {
    await stopBackend();
  } finally {
    range.closeAllConnections();
    await new Promise<void>((resolve) => range.close(() => resolve()));
  }
});

/** PATCH /v1/user/password from the current password; remembers the new one when it is taken. */
async function changeTo(password: string) {
  const answer = await call("PATCH", "/v1/user/password", { token, body: { oldPassword: current, newPassword: password, signOutOthers: false } });
  if (answer.code === 0) current = password;
  return answer;
}

test("a password the range API knows is refused; only its hash's first five characters were sent", async () => {
  mode = "answer";
  seen.length = 0;
  expect(await changeTo(PWNED)).toMatchObject({ status: 400, code: 20220 });
  expect(seen).toHaveLength(1);
  expect(seen[0]?.url).toBe(`/range/${sha1(PWNED).slice(0, 5)}`);
  expect(seen[0]?.headers["add-padding"]).toBe("true");
  expect(seen[0]?.body).toBe("");
  const request = JSON.stringify(seen[0]);
  expect(request).not.toContain(PWNED);
  expect(request.toUpperCase()).not.toContain(sha1(PWNED).slice(5, 12));
});

test("the password is looked up in NFC: typed with a decomposed accent, it is still the known one", async () => {
  mode = "answer";
  expect(await changeTo(CAFE.normalize("NFD"))).toMatchObject({ code: 20220 });
});

test("a padding line (count 0) is not a match, and an unknown password is taken", async () => {
  mode = "answer";
  expect(await changeTo(PADDED)).toMatchObject({ code: 0 });
  expect(await changeTo("Laser-Unknown-3")).toMatchObject({ code: 0 });
});

test("the offline list is checked first: a common password never reaches the range API", async () => {
  mode = "answer";
  seen.length = 0;
  expect(await changeTo("password1")).toMatchObject({ code: 20220 });
  expect(seen).toHaveLength(0);
});

test("a range API that does not answer: the services hang up after their 2 s timeout and take the password, with one log line and no secret in it", async () => {
  mode = "silent";
  seen.length = 0;
  hangUps = [];
  const { result, lines, text } = await captureLog(() => changeTo(PWNED), "warn");
  // the server never answered, so only the timeout can have let the change through
  expect(result).toMatchObject({ code: 0 });
  expect(seen).toHaveLength(1);
  // the services closed the request themselves, and not before their timeout was up (a floor:
  // a busy machine only makes the wait longer)
  expect(hangUps).toHaveLength(1);
  expect(await hangUps[0]).toBeGreaterThanOrEqual(1_900);
  const warnings = lines.filter((line) => line.event === "pwned passwords unavailable");
  expect(warnings).toEqual([expect.objectContaining({ level: 40, reason: "timeout" })]);
  for (const secret of [PWNED, sha1(PWNED), sha1(PWNED).slice(0, 5), sha1(PWNED).slice(5)]) expect(text.toUpperCase()).not.toContain(secret.toUpperCase());
});

test("a range API that fails (500): the password is taken, one log line says why", async () => {
  mode = "fail";
  const { result, lines } = await captureLog(() => changeTo("Laser-Pwned-Too-4"), "warn");
  expect(result).toMatchObject({ code: 0 });
  expect(lines.filter((line) => line.event === "pwned passwords unavailable")).toEqual([expect.objectContaining({ reason: "status 500" })]);
  // the offline list still holds while the API is down
  expect(await changeTo("qwerty123")).toMatchObject({ code: 20220 });
});
