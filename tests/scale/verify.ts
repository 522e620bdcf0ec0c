import { api, request } from "./http";
import type { Account, Ledger } from "./ledger";
import { LOAD_ADDRESS, type Portal } from "./portals";
import { ticketFor, type Step } from "./verification";

/**
 * The checks after the load, from the ledger, each asked of every instance directly (not
 * through the balancer): every acknowledged account signs in and shows its acknowledged
 * nickname, avatar and redemptions; every session handed out is valid; and the per-IP and
 * per-email limits are one cap across the instances. Returns the failures, in words.
 */
const PARALLEL = 6;

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
}

async function checkAccount(account: Account, portals: Portal[], failures: string[]): Promise<void> {
  for (const [i, portal] of portals.entries()) {
    const login = await api(portal.url, "POST", "/v1/login", { body: { email: account.email, password: account.password }, from: LOAD_ADDRESS });
    const token = login.envelope.data?.utoken;
    if (typeof token !== "string") {
      failures.push(`${account.email}: no sign-in on ${portal.name} (HTTP ${login.status}, code ${login.envelope.code})`);
      continue;
    }
    // what it wrote, read through another instance than the one it signed in on
    const other = portals[(i + 1) % portals.length] as Portal;
    const info = (await api(other.url, "GET", "/v1/user/fullinfo", { token, from: LOAD_ADDRESS })).envelope.data ?? {};
    const { acked, uncertain } = account.nickname;
    if (acked !== null && info.nickname !== acked && !uncertain.includes(String(info.nickname))) failures.push(`${account.email}: nickname ${String(info.nickname)} on ${other.name}, acknowledged ${acked}`);
    if (account.headpic.acked !== null) {
      if (info.headpic !== account.headpic.acked && account.headpic.uncertain === 0) failures.push(`${account.email}: avatar ${String(info.headpic)} on ${other.name}, acknowledged ${account.headpic.acked}`);
      const file = typeof info.headpic === "string" ? await request(info.headpic) : null;
      if (!file || file.status !== 200 || file.body.length === 0) failures.push(`${account.email}: its avatar does not load (HTTP ${String(file?.status)})`);
    }
    const list = (await api(other.url, "GET", "/v1/exchange/list?page=1&pageSize=1", { token, from: LOAD_ADDRESS })).envelope.data ?? {};
    const total = Number(list.total);
    if (total < account.redeemed.acked || total > account.redeemed.acked + account.redeemed.uncertain) failures.push(`${account.email}: ${total} redemptions on ${other.name}, acknowledged ${account.redeemed.acked}`);
  }
}

export async function verifyWrites(ledger: Ledger, portals: Portal[]): Promise<string[]> {
  const failures: string[] = [];
  await inParallel(ledger.accounts, (account) => checkAccount(account, portals, failures));
  return failures;
}

export async function verifySessions(ledger: Ledger, portals: Portal[]): Promise<{ checked: number; failures: string[] }> {
  const failures: string[] = [];
  const tokens = ledger.accounts.flatMap((account) => account.tokens.map((token) => ({ token, email: account.email })));
  await inParallel(tokens, async ({ token, email }) => {
    for (const portal of portals) {
      const reply = await api(portal.url, "GET", "/v1/user/basic", { token, from: LOAD_ADDRESS });
      if (reply.envelope.code !== 0 || reply.envelope.data?.email !== email) failures.push(`a session of ${email} is not valid on ${portal.name} (code ${reply.envelope.code})`);
    }
  });
  return { checked: tokens.length * portals.length, failures };
}

/**
 * Per IP: email nonces from one address (LIMITS.emailNoncesPerIp, 120 an hour) asked of the
 * instances in turn: exactly 120 are handed out in all, not 120 per instance.
 */
export async function verifyIpLimit(portals: Portal[]): Promise<{ granted: number; failures: string[] }> {
  const from = "127.0.0.3";
  let granted = 0;
  for (let i = 0; i < 130; i++) {
    const portal = portals[i % portals.length] as Portal;
    const reply = await api(portal.url, "POST", "/v1/verify/email", { body: { email: `limit-ip-${i}@example.test` }, from });
    if (reply.envelope.code === 0) granted += 1;
  }
  return { granted, failures: granted === 120 ? [] : [`per-IP limit: ${granted} email nonces handed out to one address across ${portals.length} instances, expected 120`] };
}

/**
 * Per email: wrong passwords for one account, each from another address and with a fresh
 * human verification, asked of the instances in turn. The email waits after its 5th wrong
 * password in a row (LIMITS.passwordDelay): the 6th is refused with 10004 whichever instance
 * answers. Counted per instance, no instance would have seen five.
 */
export async function verifyEmailLimit(account: Account, portals: Portal[], step: Step): Promise<{ refusedAt: number | null; failures: string[] }> {
  for (let attempt = 1; attempt <= 8; attempt++) {
    const portal = portals[attempt % portals.length] as Portal;
    const from = `127.0.0.${10 + attempt}`;
    const ticket = await ticketFor(step, portal.url, "password_login", account.email, from);
    const reply = await api(portal.url, "POST", "/v1/login", { body: { email: account.email, password: "Wrong-password-1", ticket: ticket ?? undefined }, from });
    if (reply.envelope.code === 10004) {
      return { refusedAt: attempt, failures: attempt === 6 ? [] : [`per-email limit: the wait began at attempt ${attempt}, expected 6`] };
    }
  }
  return { refusedAt: null, failures: [`per-email limit: 8 wrong passwords across ${portals.length} instances and no wait`] };
}
