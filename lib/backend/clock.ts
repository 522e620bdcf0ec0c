/**
 * The services' only source of time. Every expiry and wait is computed from `now()`,
 * so tests can move time with `setClock`.
 */
let source: () => Date = () => new Date();

export function now(): Date {
  return source();
}

/** Replace the clock (tests). */
export function setClock(next: () => Date): void {
  source = next;
}

export function resetClock(): void {
  source = () => new Date();
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
