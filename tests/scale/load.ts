import sharp from "sharp";
import { api, request } from "./http";
import type { Account, Ledger } from "./ledger";
import { LOAD_ADDRESS } from "./portals";
import { ticketFor, type Step } from "./verification";

/**
 * The bounded clients of the scale test: each one loops until the load ends, picking a kind of
 * work by weight, against the balancer only, as the portal's browser clients and other callers
 * do (the services' HTTP API where the browser's way is a server action). Every request goes to
 * the ledger; every acknowledged write goes to its account.
 */
const PASSWORD = "Scale-test-2026";
const WEIGHTS: Array<[Work, number]> = [
  ["anonymous page", 16],
  ["register", 8],
  ["password sign-in", 12],
  ["signed-in page", 12],
  ["profile save", 14],
  ["avatar upload", 8],
  ["redemption", 8],
  ["message read", 14],
];
type Work = "anonymous page" | "register" | "password sign-in" | "signed-in page" | "profile save" | "avatar upload" | "redemption" | "message read";

export type LoadContext = { base: string; sink: string; ledger: Ledger; codes: string[]; runId: string };

export class Client {
  private readonly own: Account[] = [];
  private counter = 0;

  constructor(
    private readonly id: number,
    private readonly context: LoadContext,
  ) {}

  /** Runs until `until()` says stop; never more than one request at a time. */
  async run(until: () => boolean): Promise<void> {
    while (!until()) {
      const work = this.own.length === 0 ? "register" : pick();
      await this.do(work);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private step: Step = async (kind, call) => {
    const started = this.context.ledger.now();
    try {
      const { status, envelope } = await call();
      this.context.ledger.record(kind, started, status, envelope.code);
      return envelope.code === 0 ? envelope : null;
    } catch {
      this.context.ledger.record(kind, started, 0, -1);
      return null;
    }
  };

  private account(): Account {
    return this.own[Math.floor(Math.random() * this.own.length)] as Account;
  }

  private token(account: Account): string {
    return account.tokens[account.tokens.length - 1] ?? "";
  }

  private async do(work: Work): Promise<void> {
    const { base } = this.context;
    const from = LOAD_ADDRESS;
    switch (work) {
      case "anonymous page": {
        const path = ["/en/login", "/zh/login", "/en/register", "/en/findpwd"][this.counter++ % 4] ?? "/en/login";
        await this.page(work, path, undefined);
        return;
      }
      case "register":
        await this.register();
        return;
      case "password sign-in": {
        const account = this.account();
        const reply = await this.step(work, () => api(base, "POST", "/v1/login", { body: { email: account.email, password: account.password }, from }));
        if (typeof reply?.data?.utoken === "string") account.tokens.push(reply.data.utoken);
        return;
      }
      case "signed-in page":
        await this.page(work, "/en/profile/security", this.token(this.account()));
        return;
      case "profile save": {
        const account = this.account();
        const nickname = `c${this.id}n${this.counter++}`;
        account.nickname.uncertain.push(nickname);
        const reply = await this.step(work, () => api(base, "PATCH", "/v1/user/otherinfo", { body: { nickname, introduction: "scale test" }, token: this.token(account), from }));
        if (reply) account.nickname = { acked: nickname, uncertain: [] };
        return;
      }
      case "avatar upload":
        await this.avatar(this.account());
        return;
      case "redemption":
        await this.redeem(this.account());
        return;
      case "message read": {
        const token = this.token(this.account());
        await this.step(work, () => api(base, "GET", "/message/v1/web/list?category=system&page=1&pageSize=10", { token, from }));
        await this.step(work, () => api(base, "GET", "/message/v1/web/count", { token, from }));
        return;
      }
    }
  }

  private async page(kind: string, path: string, token: string | undefined): Promise<void> {
    const started = this.context.ledger.now();
    try {
      const answer = await request(`${this.context.base}${path}`, { from: LOAD_ADDRESS, headers: token ? { cookie: `utoken=${token}` } : {} });
      // a signed-in page that sends its visitor to the login page has lost the session
      this.context.ledger.record(kind, started, answer.status, answer.status === 200 ? 0 : 1);
    } catch {
      this.context.ledger.record(kind, started, 0, -1);
    }
  }

  private async register(): Promise<void> {
    const { base, sink, runId } = this.context;
    const from = LOAD_ADDRESS;
    const email = `scale-${runId}-${this.id}-${this.counter++}@example.test`;
    const nonce = (await this.step("register", () => api(base, "POST", "/v1/verify/email", { body: { email }, from })))?.data?.nonce;
    if (typeof nonce !== "string") return;
    const ticket = await ticketFor(this.step, base, "register", email, from);
    if (!ticket) return;
    if (!(await this.step("register", () => api(base, "POST", "/v1/captcha", { body: { receiver: email, nonce, type: "register", ticket }, from })))) return;
    const captcha = await readCode(sink, email).catch(() => null);
    if (!captcha) return;
    const reply = await this.step("register", () => api(base, "POST", "/v1/register", { body: { email, password: PASSWORD, captcha, nonce }, from }));
    if (typeof reply?.data?.utoken !== "string") return;
    const account: Account = { email, password: PASSWORD, tokens: [reply.data.utoken], nickname: { acked: null, uncertain: [] }, headpic: { acked: null, uncertain: 0 }, redeemed: { acked: 0, uncertain: 0 } };
    this.own.push(account);
    this.context.ledger.accounts.push(account);
  }

  private async avatar(account: Account): Promise<void> {
    const colour = { r: (this.id * 40) % 256, g: this.counter++ % 256, b: 120 };
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: colour } }).png().toBuffer();
    const form = new FormData();
    form.append("headpic", new Blob([new Uint8Array(png)], { type: "image/png" }), "avatar.png");
    const encoded = new Request("http://multipart.invalid/", { method: "POST", body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get("content-type") ?? "";
    account.headpic.uncertain += 1;
    const started = this.context.ledger.now();
    try {
      const answer = await request(`${this.context.base}/v1/user/headpic`, { method: "PATCH", body, from: LOAD_ADDRESS, headers: { "content-type": type, utoken: this.token(account) } });
      let envelope: { code: number; data?: { headpic?: string } } = { code: -1 };
      try {
        envelope = JSON.parse(answer.body.toString("utf8")) as typeof envelope;
      } catch {
        // the balancer's own error page
      }
      this.context.ledger.record("avatar upload", started, answer.status, envelope.code);
      if (envelope.code === 0 && envelope.data?.headpic) account.headpic = { acked: envelope.data.headpic, uncertain: 0 };
    } catch {
      this.context.ledger.record("avatar upload", started, 0, -1);
    }
  }

  private async redeem(account: Account): Promise<void> {
    const code = this.context.codes.pop();
    if (!code) return;
    const ticket = await ticketFor(this.step, this.context.base, "redeem", account.email, LOAD_ADDRESS);
    if (!ticket) return;
    account.redeemed.uncertain += 1;
    const reply = await this.step("redemption", () => api(this.context.base, "POST", "/v1/exchange/effect", { body: { code, ticket }, token: this.token(account), from: LOAD_ADDRESS }));
    if (reply) {
      account.redeemed.acked += 1;
      account.redeemed.uncertain -= 1;
    }
  }
}

function pick(): Work {
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [work, weight] of WEIGHTS) if ((roll -= weight) < 0) return work;
  return "anonymous page";
}

/** The newest code mailed to `email`, from the SMTP sink (waits for it, bounded). */
async function readCode(sink: string, email: string): Promise<string> {
  for (let tries = 0; tries < 600; tries++) {
    const mails = JSON.parse((await request(`${sink}/messages?to=${encodeURIComponent(email)}`)).body.toString("utf8")) as Array<{ text: string }>;
    const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? "")?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was mailed to ${email}`);
}
