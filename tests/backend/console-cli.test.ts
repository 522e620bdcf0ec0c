import fs from "node:fs";
import { channelFile, openCliChannel, readChannel } from "@/lib/backend/admin/portal-channel";
import { servicesApp } from "@/lib/backend/http/app";
import { call, OPEN_TIMEOUT, startBackend, stopBackend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/** `npm run admin` through the running portal: the token file, who may use it, and the audit log. */
beforeAll(async () => {
  await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function cli(argv: string[], options: { token?: string; peer?: string; headers?: Record<string, string> } = {}) {
  const response = await servicesApp().fetch(
    new Request("http://127.0.0.1:3000/v1/ops/cli", {
      method: "POST",
      headers: { "content-type": "application/json", ...(options.token ? { "x-admin-cli-token": options.token } : {}), ...options.headers },
      body: JSON.stringify({ argv }),
    }),
    { peer: options.peer ?? "127.0.0.1" },
  );
  return { status: response.status, body: (await response.json()) as { code: number; data?: { exitCode: number; out: string[]; err: string[] } } };
}

const embedded = process.env.TEST_POSTGRES_URL ? test.skip : test;

embedded("the portal writes a token only its owner can read; with it, from this machine, a command runs in the portal and is audited as cli", async () => {
  openCliChannel({ address: "::", family: "IPv6", port: 3999 });
  const file = channelFile();
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const channel = readChannel(fs.realpathSync(file).replace(/\/admin-cli\.json$/, ""));
  expect(channel?.url).toBe("http://127.0.0.1:3999");
  const token = channel?.token ?? "";

  expect((await cli(["ip:list"])).status).toBe(404);
  expect((await cli(["ip:list"], { token: `${token}x` })).status).toBe(404);
  expect((await cli(["ip:list"], { token, peer: "192.0.2.10" })).status).toBe(404);
  // a proxy in front naming a remote client, or a standard Forwarded header: refused
  expect((await cli(["ip:list"], { token, headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404);
  expect((await cli(["ip:list"], { token, headers: { "x-forwarded-for": "127.0.0.1, 203.0.113.9" } })).status).toBe(404);
  expect((await cli(["ip:list"], { token, headers: { forwarded: "for=127.0.0.1" } })).status).toBe(404);
  // what Next adds itself to every request it hands a route (the socket's loopback address): allowed
  expect((await cli(["ip:list"], { token, headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(200);

  const made = await cli(["operator:create", "--email", "first@cli.test", "--role", "admin"], { token });
  expect(made.body.data).toMatchObject({ exitCode: 0 });
  expect(made.body.data?.out.join("\n")).toMatch(/otpauth:\/\/totp\//);
  const bad = await cli(["operator:create", "--email", "first@cli.test", "--role", "admin"], { token });
  expect(bad.body.data).toMatchObject({ exitCode: 1, err: ["Error: An operator first@cli.test exists already."] });

  const admin = operatorHeaders(await sessionOf(await newOperator("admin")));
  const log = await call("GET", "/v1/admin/audit?operator=cli", { headers: admin });
  const actions = (log.data?.list as Array<{ action: string; outcome: string }>).map((entry) => `${entry.action} ${entry.outcome}`);
  expect(actions).toEqual(expect.arrayContaining(["cli:operator:create ok", "operator.create ok", "cli:operator:create failed"]));
  expect(JSON.stringify(log.data)).not.toMatch(/otpauth|Password/);
});
