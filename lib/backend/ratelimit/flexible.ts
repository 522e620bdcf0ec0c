import type { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { LimitPolicy, LimitUsage, RateLimit } from "./types";

/**
 * A RateLimit over one rate-limiter-flexible limiter (memory or Redis). Only penalty, get,
 * block and delete are used: none of them rejects for "over the limit", so the services
 * decide what an exhausted key means.
 */
export class FlexibleLimit implements RateLimit {
  constructor(
    readonly policy: LimitPolicy,
    private readonly limiter: RateLimiterAbstract,
  ) {}

  async peek(key: string): Promise<LimitUsage | null> {
    return usage(await this.limiter.get(key));
  }

  async hit(key: string, points = 1): Promise<LimitUsage> {
    const result = usage(await this.limiter.penalty(key, points));
    return result ?? { used: points, resetInMs: this.policy.durationSeconds * 1000 };
  }

  async block(key: string, seconds: number): Promise<void> {
    await this.limiter.block(key, Math.max(1, Math.ceil(seconds)));
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/**
 * Every policy has a window, so a record without time left is over: the memory store keeps
 * a record until a timer removes it, and `get` may still return it just after it expired.
 */
function usage(res: RateLimiterRes | null): LimitUsage | null {
  if (!res || res.msBeforeNext <= 0) return null;
  return { used: res.consumedPoints, resetInMs: res.msBeforeNext };
}
