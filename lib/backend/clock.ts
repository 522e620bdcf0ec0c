/**
 * The services' only source of time. Every expiry and wait is computed from `now()`, which
 * reads `Date`: the backend tests move it with jest's fake timers (Date only), so libraries
 * that read `Date` themselves (the rate limiter's memory store, altcha-lib) move with it.
 */
export function now(): Date {
  return new Date();
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
