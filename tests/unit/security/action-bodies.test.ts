/**
 * @jest-environment node
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { actionBodyProblem } from "@/lib/security/page-requests";
import { calledActionId, readActionIds } from "@/lib/security/action-ids";

/**
 * What the proxy lets through to a server action (lib/security/page-requests.ts), and the
 * action ids the portal's server knows (lib/security/action-ids.ts): a body Next could not
 * decode is refused before it, with a 4xx, where Next would answer 500 and log a SyntaxError.
 */
const bytes = (text: string) => new TextEncoder().encode(text);

describe("a server action's body", () => {
  it.each([
    ['[{"email":"a@example.com","password":"secret-1"},{"lang":"en","query":""}]'],
    ["[]"],
    ['["$undefined",{"nested":[1,2,{"deep":true}]}]'],
    ['["$$escaped","$D2026-11-26T10:00:00.000Z","$n123","$NaN","$-Infinity","$-0","$T"]'],
    ['["中文 ünïcödé 😀"]'],
  ])("%s is the argument list Next decodes", (body) => {
    expect(actionBodyProblem(bytes(body))).toBeNull();
  });

  it.each([
    ["bytes that are not UTF-8", new Uint8Array([0x5b, 0xff, 0xfe, 0xfd, 0x5d]), "body is not UTF-8"],
    ["an unfinished object", bytes('{"email":'), "body is not JSON"],
    ["a truncated array", bytes('[{"email":"a@example.com","pass'), "body is not JSON"],
    ["an empty body", bytes(""), "body is not JSON"],
    ["a bare string", bytes('"hello"'), "body is not an argument list"],
    ["an object", bytes('{"email":"a@example.com"}'), "body is not an argument list"],
    ["100 000 nested brackets", bytes(`${"[".repeat(100_000)}${"]".repeat(100_000)}`), "body nested too deeply"],
    ...["$1", "$@1", "$Q1", "$h1", "$F1", "$1:a:b", "$Y", "$nabc"].map((reference): [string, Uint8Array, string] => [
      `a reference to another part (${reference})`,
      bytes(JSON.stringify([{ email: "a@example.com", password: reference }])),
      "body refers to parts it does not have",
    ]),
  ])("%s is refused with 400 and 10001", (_what, body, reason) => {
    expect(actionBodyProblem(body)).toEqual({ status: 400, code: 10001, reason });
  });

  it("over 1 MB is refused with 413 and 10002 before it is decoded", () => {
    expect(actionBodyProblem(new Uint8Array(1024 * 1024 + 1))).toEqual({ status: 413, code: 10002, reason: "body too large" });
  });
});

describe("the build's action ids", () => {
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "action-ids-"));
    fs.mkdirSync(path.join(dist, "server"));
    const manifest = { node: { "40aa": { workers: {} }, "60bb": { workers: {} } }, edge: {}, encryptionKey: "k" };
    fs.writeFileSync(path.join(dist, "server", "server-reference-manifest.json"), JSON.stringify(manifest));
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it("knows the ids of the manifest and no other", () => {
    const ids = readActionIds(dist);
    expect(ids?.has("40aa")).toBe(true);
    expect(ids?.has("60bb")).toBe(true);
    expect(ids?.has("7fffffffffffffffffffffffffffffffffffffffff")).toBe(false);
  });

  it("without a build knows nothing and refuses nothing", () => {
    expect(readActionIds(path.join(dist, "missing"))).toBeNull();
  });

  it("is asked only for a POST that calls an action", () => {
    expect(calledActionId("POST", "40aa")).toBe("40aa");
    expect(calledActionId("GET", "40aa")).toBeNull();
    expect(calledActionId("POST", undefined)).toBeNull();
  });
});
