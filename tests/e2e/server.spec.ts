import http from "node:http";
import type { Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { OWN_SERVER_PORTS } from "../../playwright.config";
import { registerByApi } from "./support/api-account";
import { uniqueEmail } from "./support/mailbox";
import { startOwnServer, type OwnServer } from "./support/own-server";
import { chunkedFlood, rawExchange } from "./support/raw-http";
import { expectUserCentre, logInWithPassword, messages } from "./support/screens";

/**
 * The portal's server (server.ts) started the ways an operator starts it: bound to the loopback
 * name, the loopback address (as behind a reverse proxy) and every interface. Each signs a user
 * in through the real sign-in action, runs alone in its process group, and stops on a Ctrl-C
 * or a SIGTERM sent to that whole group (as a terminal and systemd send them) with exit 0, its
 * database closed and its last line written. The one on 127.0.0.1 is then attacked from another client (127.0.0.2) with raw HTTP:
 * every attack is a 4xx, memory stays flat, and the log holds one line per refusal and no
 * stack trace.
 */
const BINDS = [
  { way: "the loopback name (-H localhost)", args: ["-H", "localhost"], host: "localhost", stop: "SIGINT" },
  { way: "the loopback address (-H 127.0.0.1)", args: ["-H", "127.0.0.1"], host: "127.0.0.1", stop: "SIGTERM" },
  { way: "every interface (no -H)", args: [], host: "127.0.0.1", stop: "SIGINT" },
] as const;
const ATTACKER = "127.0.0.2";
const MB = 1024 * 1024;
const NO_FAULT = /⨯|SyntaxError|Failed to find Server Action|\n\s+at |"level":50/;

for (const [index, bind] of BINDS.entries()) {
  test.describe(`the portal's server bound to ${bind.way}`, () => {
    test.describe.configure({ mode: "serial" });
    const port = OWN_SERVER_PORTS[index] ?? 0;
    const origin = `http://${bind.host}:${port}`;
    let server: OwnServer;
    let signInAction = "";

    test.beforeAll(async () => {
      test.setTimeout(300_000); // a start on a busy machine; the helper has no budget of its own
      server = await startOwnServer([...bind.args, "-p", String(port)], `http://127.0.0.1:${port}/en/login`);
    });
    test.afterAll(async () => {
      test.setTimeout(60_000);
      // to the whole process group, as a terminal's Ctrl-C (SIGINT) and systemd's stop (SIGTERM) go
      expect(await server.stop(bind.stop)).toBe(0);
      const said = server.output();
      expect(said).not.toContain("did not stop cleanly");
      expect(said).toContain(`"signal":"${bind.stop}"`);
      expect(said).toContain(`"msg":"the services' database is closed"`);
      expect(said).toContain('"msg":"stopped"');
    });

    test("a user signs in with a password through the sign-in action", async ({ page, request }) => {
      // The fresh server's first pages and actions load their code now: on a busy machine
      // (load 25 was seen) that alone can take a minute.
      test.slow();
      const email = uniqueEmail(`bind-${index}`);
      await registerByApi(request, email, undefined, `http://127.0.0.1:${port}`);
      page.on("request", (sent) => {
        const id = sent.headers()["next-action"];
        if (id) signInAction = id;
      });
      await page.goto(`${origin}/en/login`);
      await logInWithPassword(page, "en", email, "Laser-2026");
      await expectUserCentre(page, "en", email);
      expect(signInAction).not.toBe("");
      expect(server.output()).not.toMatch(NO_FAULT);
    });

    test("the server is plain JavaScript alone in its process group: no helper process a group's signal would stop first", () => {
      expect(server.group()).toEqual([server.pid]);
    });

    if (bind.host !== "127.0.0.1" || bind.args.length === 0) return;

    test("malformed action bodies and an unknown action are a translated 4xx, one log line each, no stack trace", async () => {
      const action = (path: string, id: string, body: Uint8Array | string) =>
        rawExchange(
          port,
          ATTACKER,
          `POST ${path} HTTP/1.1\nhost: ${bind.host}:${port}\norigin: ${origin}\nnext-action: ${id}\naccept: text/x-component\ncontent-type: text/plain;charset=UTF-8\ncontent-length: ${typeof body === "string" ? Buffer.byteLength(body) : body.length}\nconnection: close`,
          body,
        );
      const invalid = { status: 400, code: 10001 };
      for (const path of ["/en/login", "/en/register"]) {
        const bodies = [new Uint8Array([0xff, 0xfe, 0xfd]), '{"email":', '[{"email":"a@example.com","password":"Laser-20', '[{"email":"$@1","password":"$Q2"}]'];
        for (const body of bodies) {
          const answer = await action(path, signInAction, body);
          expect({ status: answer.status, code: (JSON.parse(answer.body) as { error: { code: number } }).error.code }).toEqual(invalid);
          expect(JSON.parse(answer.body)).toMatchObject({ message: messages.en.errors["10001"] });
        }
      }
      expect(JSON.parse((await action("/zh/login", signInAction, '{"email":')).body)).toMatchObject({ message: messages.zh.errors["10001"] });
      const unknown = await action("/en/login", "7f".repeat(21), "[]");
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body)).toEqual({ ok: false, error: { code: 10006 }, message: messages.en.errors["10006"] });

      // the sign-in action posted to another page: Next would forward it to the login page
      const elsewhere = await action("/en/register", signInAction, '[{"email":"a@example.com","password":"Laser-2026","remember":false},{"lang":"en","query":""}]');
      expect(elsewhere.status).toBe(409);

      const refusals = server.output().split("\n").filter((line) => line.includes('"event":"request refused"'));
      expect(refusals).toHaveLength(11);
      expect(server.output()).not.toMatch(NO_FAULT);
    });

    if (bind.stop === "SIGTERM") {
      test("a kept-alive connection left idle longer than Node's 5 s default still takes the next request (no reset as the client sends)", async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const get = () =>
          new Promise<{ status: number; socket: Socket }>((resolve, reject) => {
            let socket: Socket | null = null;
            const request = http.get({ host: "127.0.0.1", port, path: "/healthz", agent }, (response) => {
              response.resume();
              response.on("end", () => (socket ? resolve({ status: response.statusCode ?? 0, socket }) : reject(new Error("no socket"))));
            });
            request.on("socket", (used) => (socket = used));
            request.on("error", reject);
          });
        const first = await get();
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        const second = await get();
        agent.destroy();
        expect([first.status, second.status]).toEqual([200, 200]);
        expect(second.socket).toBe(first.socket);
      });
    }

    test("what a client says about itself is not believed: its Host and forwarded headers build no address", async () => {
      const claims = `x-forwarded-host: evil.example\nx-forwarded-for: 203.0.113.9\nx-forwarded-proto: https\nx-passport-peer: 203.0.113.9`;
      const answer = await rawExchange(port, ATTACKER, `GET /profile HTTP/1.1\nhost: evil.example\n${claims}\nconnection: close`);
      expect(answer.status).toBe(307);
      const location = /^location: (.*)$/im.exec(answer.head)?.[1]?.trim() ?? "";
      // relative, or on the portal's own fallback origin: never the host the client named
      expect(location).toMatch(new RegExp(`^(http://localhost:${port})?/en/profile`));
    });

    test("oversized bodies: 100 MB declared is refused unread, 300 MB chunked is cut, memory stays flat, never a 5xx", async () => {
      test.setTimeout(180_000);
      const declared = await rawExchange(port, ATTACKER, `POST /v1/login HTTP/1.1\nhost: 127.0.0.1\ncontent-type: application/json\ncontent-length: ${100 * MB}\nconnection: close`, "{");
      expect(declared.status).toBe(413);

      const head = (path: string, extra: string) => `POST ${path} HTTP/1.1\nhost: 127.0.0.1:${port}${extra}`;
      const flooded = [
        ["/v1/login", "\ncontent-type: application/json"],
        // an action's body, which the proxy reads before Next: cut at the server's cap
        ["/en/login", `\ncontent-type: text/plain;charset=UTF-8\nnext-action: ${signInAction}\norigin: ${origin}`],
      ] as const;
      const floodAll = async () => {
        for (const [path, extra] of flooded) {
          const flood = await chunkedFlood(port, ATTACKER, head(path, extra), 300 * MB);
          // answered 4xx at the route's limit, or cut at the server's cap: never read whole, never a 5xx
          expect(flood.answer.status === 0 || (flood.answer.status >= 400 && flood.answer.status < 500)).toBe(true);
          expect(flood.sent).toBeLessThan(300 * MB);
        }
      };
      // the first round also loads what these paths need once; then three more rounds (1.8 GB offered)
      await floodAll();
      const before = server.rss();
      for (let round = 0; round < 3; round++) await floodAll();
      expect(server.rss() - before).toBeLessThan(100 * MB);

      // Content-Length and Transfer-Encoding together: refused by the HTTP parser
      const smuggled = await rawExchange(port, ATTACKER, `POST /v1/login HTTP/1.1\nhost: 127.0.0.1\ncontent-length: 4\ntransfer-encoding: chunked\nconnection: close`, "0\r\n\r\n");
      expect(smuggled.status).toBe(400);
      expect(server.output()).not.toMatch(NO_FAULT);
    });
  });
}
