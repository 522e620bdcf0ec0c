/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import type { OperatorRole } from "@/lib/contract/console/roles";
import { requireOperator } from "@/lib/console/session";
import { current, jar } from "../support/next-headers";

/**
 * The console's page guard (lib/console/session.ts): a screen above the operator's role is
 * refused, and the refusal is reported to the services' audit log (POST /v1/console/refusals) with
 * the operator's token; a screen the role may open reports nothing.
 */
jest.mock("next/headers", () => jest.requireActual<typeof import("../support/next-headers")>("../support/next-headers").nextHeaders);

const BASE = "http://passport.test";
const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;
let role: OperatorRole = "viewer";
let reported: Array<{ screen: unknown; token: string | null }> = [];
let refusalStatus = 200;

beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
beforeEach(() => {
  reported = [];
  refusalStatus = 200;
  jar.clear();
  // the cookie's name depends on the origin; both names hold the token here
  for (const name of ["__Host-passport_console", "passport_console"]) jar.set(name, "operator-token-0123456789abcdef");
  current.headers = new Headers({ host: "127.0.0.1:3000" });
  server.use(
    http.get(`${BASE}/v1/console/session`, () => HttpResponse.json({ code: 0, data: { operator: { id: "op-1", email: "viewer@console.test", name: "Vi", role } } })),
    http.post(`${BASE}/v1/console/refusals`, async ({ request }) => {
      const body = (await request.json()) as { screen?: unknown };
      reported.push({ screen: body.screen, token: request.headers.get("x-operator-token") });
      if (refusalStatus !== 200) return HttpResponse.json({ code: 10404, message: "Not found" }, { status: refusalStatus });
      return HttpResponse.json({ code: 0, data: { recorded: true } });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

test("a viewer on the operators screen is refused, and the refusal is reported with the operator's token", async () => {
  role = "viewer";
  const access = await requireOperator("en", "operators");
  expect(access).toMatchObject({ ok: false, operator: { email: "viewer@console.test", role: "viewer" } });
  expect(reported).toEqual([{ screen: "operators", token: "operator-token-0123456789abcdef" }]);
});

test("a screen the role may open is let through and reports nothing", async () => {
  role = "viewer";
  expect(await requireOperator("zh", "audit")).toMatchObject({ ok: true });
  role = "admin";
  expect(await requireOperator("en", "operators")).toMatchObject({ ok: true });
  expect(reported).toEqual([]);
});

test("a passport API without the route still refuses the page", async () => {
  role = "support";
  refusalStatus = 404;
  expect(await requireOperator("en", "operators")).toMatchObject({ ok: false });
  expect(reported).toHaveLength(1);
});
