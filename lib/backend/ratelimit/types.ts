/**
 * Counters in fixed windows, shared by every instance of the services when a shared store
 * is configured. Business rules (what is counted, what is refused) live in services/.
 */
export type LimitPolicy = {
  /** unique name, also the key prefix in the store */
  name: string;
  /** how many points a key may use in one window */
  points: number;
  /** length of the window in seconds; it starts with the first point a key uses */
  durationSeconds: number;
};

export type LimitUsage = {
  /** points used in the current window */
  used: number;
  /** milliseconds until the window (or a block) ends */
  resetInMs: number;
};

export interface RateLimit {
  readonly policy: LimitPolicy;
  /** The key's usage without changing it; null when the key has no live window. */
  peek(key: string): Promise<LimitUsage | null>;
  /** Add points to the key (opening a window if needed) and return the usage after. */
  hit(key: string, points?: number): Promise<LimitUsage>;
  /** Mark the key as over its limit for `seconds`, whatever its count. */
  block(key: string, seconds: number): Promise<void>;
  /** Forget the key. */
  reset(key: string): Promise<void>;
}

export interface RateLimitStore {
  readonly kind: "memory" | "redis";
  limit(policy: LimitPolicy): RateLimit;
  /** The shared store answers (Redis: a PING within the time); the in-process store always does. */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Over the limit: the usage has passed the policy's points. */
export function isOver(usage: LimitUsage | null, policy: LimitPolicy): usage is LimitUsage {
  return usage !== null && usage.used > policy.points;
}
