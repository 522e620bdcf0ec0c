/**
 * Process-wide singletons kept on globalThis, so Next's dev reloads and the several
 * route bundles of a build share one database, mailer and secret.
 */
type Store = Map<string, unknown>;

const KEY = Symbol.for("passport.backend.singletons");

function store(): Store {
  const holder = globalThis as typeof globalThis & { [KEY]?: Store };
  holder[KEY] ??= new Map();
  return holder[KEY];
}

export function singleton<T>(name: string, create: () => T): T {
  const map = store();
  if (!map.has(name)) map.set(name, create());
  return map.get(name) as T;
}

export function peekSingleton<T>(name: string): T | undefined {
  return store().get(name) as T | undefined;
}

export function clearSingleton(name: string): void {
  store().delete(name);
}
