import { getConfig } from "../config";
import { log } from "../log";
import { clearSingleton, peekSingleton, singleton } from "../singleton";
import { FlexibleLimit } from "./flexible";
import type { LimitPolicy, RateLimit, RateLimitStore } from "./types";

export type { LimitPolicy, LimitUsage, RateLimit, RateLimitStore } from "./types";
export { isOver } from "./types";

/**
 * The store of the rate limits: in-process memory by default (one instance), Redis when
 * REDIS_URL is set (several instances share the counts). With Redis, a memory limiter of the
 * same policy stands in while Redis cannot be reached, so an outage does not stop sign-ins.
 * Created on first use, never at import.
 */
const NAME = "rateLimitStore";

type Limiters = typeof import("rate-limiter-flexible");

class MemoryStore implements RateLimitStore {
  readonly kind = "memory" as const;
  private readonly limits = new Map<string, RateLimit>();

  constructor(private readonly lib: Limiters) {}

  limit(policy: LimitPolicy): RateLimit {
    let found = this.limits.get(policy.name);
    if (!found) {
      found = new FlexibleLimit(policy, new this.lib.RateLimiterMemory(options(policy)));
      this.limits.set(policy.name, found);
    }
    return found;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.limits.clear();
  }
}

class RedisStore implements RateLimitStore {
  readonly kind = "redis" as const;
  private readonly limits = new Map<string, RateLimit>();

  constructor(
    private readonly lib: Limiters,
    private readonly client: import("ioredis").Redis,
  ) {}

  limit(policy: LimitPolicy): RateLimit {
    let found = this.limits.get(policy.name);
    if (!found) {
      const insuranceLimiter = new this.lib.RateLimiterMemory(options(policy));
      const limiter = new this.lib.RateLimiterRedis({
        ...options(policy),
        storeClient: this.client,
        rejectIfRedisNotReady: true,
        insuranceLimiter,
      });
      found = new FlexibleLimit(policy, limiter);
      this.limits.set(policy.name, found);
    }
    return found;
  }

  async ping(timeoutMs: number): Promise<boolean> {
    // without the offline queue a PING fails at once while the connection is down
    if (this.client.status !== "ready") return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve("late"), timeoutMs)));
    try {
      return (await Promise.race([this.client.ping(), late])) === "PONG";
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.limits.clear();
    this.client.disconnect();
  }
}

function options(policy: LimitPolicy) {
  return { keyPrefix: `passport:rl:${policy.name}`, points: policy.points, duration: policy.durationSeconds };
}

async function createStore(): Promise<RateLimitStore> {
  const lib = await import("rate-limiter-flexible");
  const { redisUrl } = getConfig();
  if (!redisUrl) return new MemoryStore(lib);
  const { Redis } = await import("ioredis");
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let lastWarning = -Infinity;
  client.on("error", (error: Error) => {
    // ioredis retries on its own and reports every failed try: one line a minute is enough
    if (performance.now() - lastWarning < 60_000) return;
    lastWarning = performance.now();
    // the URL may hold a password: it is masked in the message
    log().warn({ err: { type: error.name, message: error.message.replace(/\/\/[^@/]*@/g, "//***@") } }, "redis (rate limits) unavailable; counting in this process meanwhile");
  });
  await firstConnection(client);
  return new RedisStore(lib, client);
}

/**
 * Wait (at most 2 s) until Redis is ready or has failed once, so the first requests after a
 * start are counted in Redis rather than by the stand-in; afterwards nothing waits for it.
 */
function firstConnection(client: import("ioredis").Redis): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done);
      client.off("error", done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    client.once("ready", done);
    client.once("error", done);
  });
}

function store(): Promise<RateLimitStore> {
  const pending = singleton(NAME, createStore);
  pending.catch(() => {
    if (peekSingleton(NAME) === pending) clearSingleton(NAME);
  });
  return pending;
}

export async function rateLimit(policy: LimitPolicy): Promise<RateLimit> {
  return (await store()).limit(policy);
}

/** For /readyz: "ok", "unavailable", or "none" when no shared store is configured. */
export async function rateLimitStoreReadiness(timeoutMs = 2_000): Promise<"ok" | "unavailable" | "none"> {
  if (!getConfig().redisUrl) return "none";
  try {
    return (await (await store()).ping(timeoutMs)) ? "ok" : "unavailable";
  } catch {
    return "unavailable";
  }
}

/** Drop every count and close Redis (shutdown, tests). */
export async function resetRateLimits(): Promise<void> {
  const pending = peekSingleton<Promise<RateLimitStore>>(NAME);
  if (!pending) return;
  clearSingleton(NAME);
  try {
    await (await pending).close();
  } catch {
    // it never opened
  }
}
