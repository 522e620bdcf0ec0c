import { getConfig, type BackendConfig } from "../config";
import { addressList, clientBucket } from "../net/addresses";

/**
 * The key a caller's per-IP limits count under. Every address counts as itself (127.0.0.2 and
 * 127.0.0.3 are two clients; an IPv6 client by its /64), a caller whose address is unknown
 * shares the one "unknown" bucket with every other such caller, and only an address on the
 * operator's IP_LIMIT_EXEMPT list is not counted (null). Loopback gets no free pass: a proxy on
 * the same host without TRUST_PROXY shows up as one client, which is what it then is.
 */
const exemptLists = new WeakMap<BackendConfig, ReturnType<typeof addressList>>();

function exempt(config: BackendConfig): ReturnType<typeof addressList> {
  let list = exemptLists.get(config);
  if (!list) {
    list = addressList(config.ipLimitExempt);
    exemptLists.set(config, list);
  }
  return list;
}

export function ipLimitKey(ip: string | null): string | null {
  return exempt(getConfig()).has(ip) ? null : clientBucket(ip);
}
