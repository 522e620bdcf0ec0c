/**
 * A stand-in for next/headers in route tests: the session is read through it, as pages and
 * server actions do. `jar` is an in-memory cookie jar (a max-age of 0 deletes); `request.headers`
 * is what `headers()` answers. Use it as
 * `jest.mock("next/headers", () => jest.requireActual("../support/next-headers").nextHeaders)`
 * and import `jar` / `current` from here (the same module instance).
 */
export const jar = new Map<string, string>();
export const current = { headers: new Headers() };

export const nextHeaders = {
  headers: async () => current.headers,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (options?.maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    },
  }),
};
