/**
 * What the portal's server loads before its first page (docs/performance.md, "Cold start"): the
 * handlers server.ts builds at start check a request's path only. The OpenID Provider (with
 * oidc-provider and koa) and the services' app (with its routes and @simplewebauthn/server) load
 * with the first request for them; the other backend tests make such requests and are answered.
 */
const mockLoaded: string[] = [];
jest.mock("oidc-provider", () => {
  mockLoaded.push("oidc-provider");
  return jest.requireActual("oidc-provider");
});
jest.mock("@simplewebauthn/server", () => {
  mockLoaded.push("@simplewebauthn/server");
  return jest.requireActual("@simplewebauthn/server");
});

test("building the server's provider and API handlers loads neither oidc-provider nor the services' app, and a page's request passes by", async () => {
  const { providerRequestHandler } = await import("@/lib/backend/oidc/mount");
  const { servicesRequestHandler } = await import("@/lib/backend/http/portal-mount");
  const provider = providerRequestHandler();
  const services = servicesRequestHandler();
  const { IncomingMessage, ServerResponse } = await import("node:http");
  const { Socket } = await import("node:net");
  const request = new IncomingMessage(new Socket());
  request.url = "/en/login?p=atomm";
  expect(provider(request, new ServerResponse(request))).toBe(false);
  expect(services.takes(request)).toBe(false);
  expect(services.takes({ url: "/v1/login" })).toBe(true);
  expect(mockLoaded).toEqual([]);
});
