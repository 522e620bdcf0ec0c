import http from "node:http";
import type { AddressInfo } from "node:net";
import { runCli } from "@/lib/backend/cli/run";
import { oidcProvider } from "@/lib/backend/oidc/provider";
import { providerFetch } from "@/lib/backend/oidc/settings";
import { OPEN_TIMEOUT, startBackend, stopBackend, type Backend } from "./support/harness";

/**
 * What the OpenID Provider may send out (back-channel logout tokens): only through its protection
 * against special-use addresses (the dispatcher it makes from the runtime's global one, which the
 * backend tests' environment shares into each file: support/environment.ts). A request handed
 * no such dispatcher (a runtime where the provider could not make it) is not sent at all, except
 * to a loopback app while the provider itself is on loopback (local use).
 */
let backend: Backend;
let server: http.Server;
let received = 0;
let target = "";
beforeAll(async () => {
  backend = await startBackend({ PUBLIC_ORIGIN: "https://passport.example.com" });
  server = http.createServer((request, response) => {
    received += 1;
    request.resume();
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/logout`;
}, OPEN_TIMEOUT);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await stopBackend();
});

test("a public issuer sends nothing without the provider's protection: not to loopback, not to a private address", async () => {
  await expect(providerFetch(target, { method: "POST", body: "logout_token=x" })).rejects.toThrow("not sent");
  await expect(providerFetch("http://10.0.0.5/logout", { method: "POST", dispatcher: null })).rejects.toThrow("not sent");
  await expect(providerFetch(new Request("http://169.254.169.254/latest/meta-data/"))).rejects.toThrow("not sent");
  expect(received).toBe(0);
});

test("an issuer on loopback reaches a loopback app, and only that", async () => {
  backend.reconfigure({ PUBLIC_ORIGIN: undefined });
  try {
    const reply = await providerFetch(target, { method: "POST", body: "logout_token=x" });
    expect(reply.status).toBe(200);
    expect(received).toBe(1);
    await expect(providerFetch("http://10.0.0.5/logout", { method: "POST" })).rejects.toThrow("not sent");
  } finally {
    backend.reconfigure({ PUBLIC_ORIGIN: "https://passport.example.com" });
  }
});

/** The chain of messages of a rejection (fetch's errors come from the runtime's realm: no `instanceof Error` here). */
function messagesOf(error: unknown): string[] {
  const chain: string[] = [];
  for (let at: unknown = error; typeof at === "object" && at !== null; at = "cause" in at ? at.cause : undefined) chain.push(String("message" in at ? at.message : at));
  return chain;
}

async function appWithLogoutUri(uri: string) {
  const out: string[] = [];
  const errs: string[] = [];
  const argv = ["client:create", "--name", "Inside app", "--kind", "client_secret_basic", "--redirect-uri", "https://app.example.org/callback", "--backchannel-logout-uri", uri, "--reason", "outgoing test", "--json"];
  expect([await runCli(argv, { out: (line) => out.push(line), err: (line) => errs.push(line) }), errs]).toEqual([0, []]);
  const { clientId } = JSON.parse(out.join("\n")) as { clientId: string };
  const { provider } = await oidcProvider();
  const client = await provider.Client.find(clientId);
  if (!client || !("backchannelLogout" in client) || typeof client.backchannelLogout !== "function") throw new Error("the app was not registered with its back-channel logout URI");
  const send: (sub: string, sid: string) => Promise<void> = client.backchannelLogout.bind(client);
  return send;
}

/**
 * The protection acts when the connection is made: a socket whose far end is a special-use address
 * (loopback, private, link-local, …) is destroyed before the request is written. An app server
 * listens here on loopback, by its address and by a name that resolves to it.
 */
test("a public issuer's logout token to an app server on loopback is refused by the provider's protection, and nothing reaches it", async () => {
  const before = received;
  for (const uri of [target, target.replace("127.0.0.1", "localhost")]) {
    const send = await appWithLogoutUri(uri);
    const error: unknown = await send("someone", "a-session").then(() => null, (thrown: unknown) => thrown);
    expect(messagesOf(error)).toContain("hostname resolves to a special-use IP address");
  }
  expect(received).toBe(before);
});
