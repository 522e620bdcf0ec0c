import { TestEnvironment } from "jest-environment-node";

/**
 * Node's test environment, with the runtime's fetch dispatcher shared into each test file's
 * sandbox. oidc-provider protects its outgoing requests (back-channel logout tokens) against
 * special-use addresses with a dispatcher it makes from undici's global one, which it looks up
 * on `globalThis`; the sandbox has a `globalThis` of its own without it, so the provider would
 * warn "failed to setup SSRF protection" and go without. With the dispatcher shared, the tests
 * run the provider's requests as the production server does (lib/backend/oidc/settings.ts,
 * tests/backend/oidc-outgoing.test.ts).
 */
export default class BackendEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    // the first use of fetch's classes loads undici, which puts its global dispatcher on globalThis
    void Response;
    for (const key of [Symbol.for("undici.globalDispatcher.2"), Symbol.for("undici.globalDispatcher.1")]) {
      const shared: unknown = Reflect.get(globalThis, key);
      if (shared !== undefined) Reflect.set(this.global, key, shared);
    }
  }
}
