import http from "node:http";
import type { AddressInfo } from "node:net";
import { providerFetch } from "@/lib/backend/oidc/settings";
import { OPEN_TIMEOUT, startBackend, stopBackend, type Backend } from "./support/harness";

/**
 * What the OpenID Provider may send out (back-channel logout tokens): only through its protection
 * against special-use addresses, which this sandbox, like any runtime whose global dispatcher
 * oidc-provider cannot find, leaves it without. Then nothing is sent, except to a loopback app
 * while the provider itself is on loopback (local use).
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
