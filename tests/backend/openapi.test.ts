import { servicesApp } from "@/lib/backend/http/app";
import { call, OPEN_TIMEOUT, startBackend, stopBackend } from "./support/harness";

/**
 * The contract as the services publish it: GET /v1/openapi.json is a valid OpenAPI 3.1
 * document (checked by a maintained validator of the OpenAPI schemas), and it lists every route
 * the app answers, so nothing is served that the contract does not say.
 */
beforeAll(async () => {
  await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

async function fetchDocument(): Promise<Document> {
  const response = await servicesApp().fetch(new Request("http://localhost/v1/openapi.json"));
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

test("GET /v1/openapi.json is a valid OpenAPI 3.1 document", async () => {
  const { Validator } = await import("@seriousme/openapi-schema-validator");
  const validator = new Validator();
  const document = await fetchDocument();
  const result = await validator.validate(document);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
});

test("every route the services answer is in the document, with its method", async () => {
  const { paths } = await fetchDocument();
  const routes = servicesApp()
    // middleware (ALL), CORS preflights (OPTIONS) and the document itself are not API operations
    .routes.filter((route) => route.method !== "ALL" && route.method !== "OPTIONS" && route.path !== "/v1/openapi.json")
    // Hono's /v1/files/:key{.+} is OpenAPI's /v1/files/{key}
    .map((route) => ({ method: route.method.toLowerCase(), path: route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}") }));
  expect(routes.length).toBeGreaterThan(25);
  const missing = routes.filter((route) => paths[route.path]?.[route.method] === undefined);
  expect(missing).toEqual([]);
  // and the document names nothing the app does not serve
  const served = new Set(routes.map((route) => `${route.method} ${route.path}`));
  const listed = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
  expect(listed.filter((entry) => !served.has(entry))).toEqual([]);
  // a route the document lists answers as a route, not as "no such endpoint"
  expect((await call("GET", "/v1/region/country")).code).toBe(0);
});
