import fs from "node:fs";
import { channelFile, openCliChannel, readChannel } from "@/lib/backend/cli/portal-channel";
import { runCli } from "@/lib/backend/cli/run";
import { servicesApp } from "@/lib/backend/http/app";
import { call, OPEN_TIMEOUT, startBackend, stopBackend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/** `npm run cli` through the running portal: the token file, who may use it, and the audit log. */
beforeAll(async () => {
  await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function cli(argv: string[], options: { token?: string; peer?: string; headers?: Record<string, string>; body?: string } = {}) {
  const response = await servicesApp().fetch(
    new Request("http://127.0.0.1:3000/v1/cli", {
      method: "POST",
      headers: { "content-type": "application/json", ...(options.token ? { "x-cli-token": options.token } : {}), ...options.headers },
      body: options.body ?? JSON.stringify({ argv }),
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
  const channel = readChannel(fs.realpathSync(file).replace(/\/cli-channel\.json$/, ""));
  expect(channel?.url).toBe("http://127.0.0.1:3999");
  const token = channel?.token ?? "";

  expect((await cli(["ip:list"])).status).toBe(404);
  expect((await cli(["ip:list"], { token: `${token}x` })).status).toBe(404);
  expect((await cli(["ip:list"], { token, peer: "192.0.2.10" })).status).toBe(404);
  // another address of this machine is another client: only the server's own address may call
  expect((await cli(["ip:list"], { token, peer: "127.0.0.2" })).status).toBe(404);
  // the caller is checked before the body is read: a stranger's bad body says nothing either
  for (const body of ["{not json", JSON.stringify({ argv: 5 })]) {
    expect(await cli([], { body })).toMatchObject({ status: 404, body: { code: 10006 } });
    expect(await cli([], { body, token, peer: "127.0.0.2" })).toMatchObject({ status: 404, body: { code: 10006 } });
  }
  expect(await cli([], { body: "{not json", token })).toMatchObject({ status: 400, body: { code: 10001 } });
  // a proxy in front naming a remote client, or a standard Forwarded header: refused
  expect((await cli(["ip:list"], { token, headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404);
  expect((await cli(["ip:list"], { token, headers: { "x-forwarded-for": "127.0.0.1, 203.0.113.9" } })).status).toBe(404);
  expect((await cli(["ip:list"], { token, headers: { forwarded: "for=127.0.0.1" } })).status).toBe(404);
  // what Next adds itself to every request it hands a route (the socket's loopback address): allowed
  expect((await cli(["ip:list"], { token, headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(200);

  const made = await cli(["operator:create", "--email", "first@cli.test", "--role", "admin", "--reason", "the first operator"], { token });
  expect(made.body.data).toMatchObject({ exitCode: 0 });
  expect(made.body.data?.out.join("\n")).toMatch(/otpauth:\/\/totp\//);
  const bad = await cli(["operator:create", "--email", "first@cli.test", "--role", "admin", "--reason", "the first operator"], { token });
  // the instances last started with another server secret: refused before anything is written
  const { getDb } = await import("@/lib/backend/db/client");
  const { serverSecrets } = await import("@/lib/backend/db/schema");
  const { eq } = await import("drizzle-orm");
  const db = await getDb();
  const [mine] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, "code_secret_fingerprint"));
  expect(mine?.value).toMatch(/^[0-9a-f]{32}$/);
  await db.update(serverSecrets).set({ value: "0".repeat(32) }).where(eq(serverSecrets.name, "code_secret_fingerprint"));
  const unshared = await cli(["operator:create", "--email", "second@cli.test", "--role", "admin", "--reason", "a second operator"], { token });
  await db.update(serverSecrets).set({ value: mine?.value ?? "" }).where(eq(serverSecrets.name, "code_secret_fingerprint"));
  expect(unshared.body.data).toMatchObject({ exitCode: 1 });
  expect(unshared.body.data?.err.join("\n")).toMatch(/not the one the portal's instances use.*CODE_SECRET/);
  expect(bad.body.data).toMatchObject({ exitCode: 1, err: ["Error: An operator first@cli.test exists already."] });

  const admin = operatorHeaders(await sessionOf(await newOperator("admin")));
  const log = await call("GET", "/v1/console/audit?operator=cli", { headers: admin });
  const entries = log.data?.list as Array<Record<string, unknown>>;
  // one row per command: its target (the new operator), its reason and the address it came from
  const creates = entries.filter((entry) => entry.action === "cli:operator:create");
  expect(creates).toHaveLength(3);
  expect(creates).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ outcome: "failed", targetType: null, reason: "the first operator", ip: "127.0.0.1", detail: { why: "An operator first@cli.test exists already." } }),
      expect.objectContaining({ outcome: "ok", targetType: "operator", reason: "the first operator", ip: "127.0.0.1", detail: { email: "first@cli.test", role: "admin" } }),
    ]),
  );
  expect(JSON.stringify(log.data)).not.toMatch(/otpauth|Password/);

  // redemption codes: looked up and revoked through the portal, named in the audit log by their
  // batch and last four characters only, never in full (the log and its CSV export)
  const created = await cli(["exchange:create", "--benefit", "Pro", "--benefit-zh", "专业版", "--count", "2", "--valid-days", "30", "--csv", "--reason", "spring campaign"], { token });
  expect(created.body.data?.exitCode).toBe(0);
  const rows = (created.body.data?.out.join("\n") ?? "").split("\n").slice(1).map((line) => line.split(","));
  const [looked, revoked] = rows.map(([code]) => code ?? "");
  const batch = rows[0]?.[1] ?? "";
  expect(looked).toMatch(/^[A-Z0-9]{16}$/);
  expect((await cli(["exchange:lookup", looked ?? ""], { token })).body.data?.exitCode).toBe(0);
  const refused = await cli(["exchange:revoke", revoked ?? ""], { token });
  expect(refused.body.data).toMatchObject({ exitCode: 2 });
  expect(refused.body.data?.err[0]).toMatch(/^exchange:revoke changes data: say why with --reason TEXT/);
  expect((await cli(["exchange:revoke", revoked ?? "", "--reason", "leaked on a forum"], { token })).body.data).toMatchObject({ exitCode: 0, out: ["Revoked."] });

  const codes = await call("GET", `/v1/console/audit?target=${batch}`, { headers: admin });
  const byAction = Object.fromEntries((codes.data?.list as Array<Record<string, unknown>>).map((entry) => [entry.action, entry]));
  expect(byAction["cli:exchange:lookup"]).toMatchObject({ actor: "cli", ip: "127.0.0.1", targetType: "code-batch", targetId: batch, outcome: "ok", detail: { hint: `…${looked?.slice(-4)}`, state: "unused" } });
  expect(byAction["cli:exchange:revoke"]).toMatchObject({ actor: "cli", ip: "127.0.0.1", targetType: "code-batch", targetId: batch, reason: "leaked on a forum", outcome: "ok", detail: { hint: `…${revoked?.slice(-4)}`, revoked: true } });
  expect(byAction["cli:exchange:create"]).toMatchObject({ reason: "spring campaign", targetId: batch, detail: { size: 2 } });
  const everything = JSON.stringify((await call("GET", "/v1/console/audit?pageSize=100", { headers: admin })).data);
  const csv = await (await servicesApp().fetch(new Request("http://localhost:3000/v1/console/audit/export", { headers: admin }))).text();
  for (const text of [everything, csv]) {
    expect(text).toContain(batch);
    for (const code of [looked, revoked]) expect(text).not.toContain(code);
  }
});

test("a command that changes something is refused without a reason, before it runs; a read needs none", async () => {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  expect(await runCli(["ip:ban", "203.0.113.77"], io)).toBe(2);
  expect(lines[0]?.split("\n")[0]).toBe("ip:ban changes data: say why with --reason TEXT (3–500 characters). The reason is written to the audit log.");
  expect(await runCli(["ip:ban", "203.0.113.77", "--reason", "x"], io)).toBe(2);
  lines.length = 0;
  expect(await runCli(["ip:list"], io)).toBe(0);
  expect(lines).toEqual(["No banned addresses."]);
  expect(await runCli(["ip:ban", "203.0.113.77", "--reason=scanner in the logs"], io)).toBe(0);
  const admin = operatorHeaders(await sessionOf(await newOperator("admin")));
  const log = await call("GET", "/v1/console/audit?action=cli:ip:ban", { headers: admin });
  expect(log.data?.list).toEqual([expect.objectContaining({ outcome: "ok", reason: "scanner in the logs", targetType: "ip", targetId: "203.0.113.77", detail: { added: true } })]);
});
