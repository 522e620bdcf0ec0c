import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { errors, type Adapter, type AdapterPayload } from "oidc-provider";
import { addSeconds, now } from "../clock";
import { sha256Hex } from "../crypto";
import { getDb, preparedOnce } from "../db/client";
import { oidcPayloads, users } from "../db/schema";
import { registerPruner } from "../maintenance/registry";
import { clientMetadata } from "./clients";

/**
 * oidc-provider's storage in the services' database (PGlite or PostgreSQL), so every instance
 * behind a balancer is one provider: a code made by one is redeemed at another. The interface is
 * the library's (its example/my_adapter.js); `revokeByGrantId` and `consume` are what make a
 * replayed code or a reused refresh token revoke the whole grant.
 *
 * Codes and tokens are bearer secrets whose id is the value itself: they are stored under the
 * sha256 of it, and the payload without its `jti`, which is given back from the id looked up,
 * as session tokens are kept (ARCHITECTURE "Secrets"). Clients are read from oidc_clients
 * (clients.ts); the provider never writes them (there is no dynamic registration).
 */
const HASHED = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "ClientCredentials", "DeviceCode", "BackchannelAuthenticationRequest", "InitialAccessToken", "RegistrationAccessToken", "PreAuthorizedCode"]);

function stringOr(value: unknown): string | null {
  return typeof value === "string" && value ? value : null;
}

function live() {
  return or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now()));
}

/**
 * The statements of a token request (a refresh: the token found, consumed, a new one and an
 * access token stored), built once and named (db/client.ts, preparedOnce): every model shares
 * them, the model being a parameter. Times are passed as ISO text, cast in the SQL, so a null
 * expiry needs no mapping of its own.
 */
const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
const byKey = and(eq(oidcPayloads.model, sql.placeholder("model")), eq(oidcPayloads.id, sql.placeholder("id")));

const liveAtNow = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, at("now")));

const findLive = preparedOnce((db) =>
  db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(and(byKey, liveAtNow))
    .limit(1)
    .prepare("oidc_find"),
);

/** An account's id as its `users` row's key, or null (no row then) when the text is not a UUID. */
const accountKey = sql`case when ${oidcPayloads.accountId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${oidcPayloads.accountId}::uuid end`;

/**
 * A code or token, and in the same statement the grant it was issued under and the account's
 * claims' columns (the provider reads both next).
 */
const token = alias(oidcPayloads, "token");
const findLiveWithGrant = preparedOnce((db) =>
  db
    .select({
      model: oidcPayloads.model,
      id: oidcPayloads.id,
      payload: oidcPayloads.payload,
      consumedAt: oidcPayloads.consumedAt,
      account: { id: users.id, email: users.email, nickname: users.nickname, headpic: users.headpic, status: users.status },
    })
    .from(oidcPayloads)
    .leftJoin(users, eq(users.id, accountKey))
    .where(
      and(
        liveAtNow,
        or(
          byKey,
          and(
            eq(oidcPayloads.model, "Grant"),
            eq(oidcPayloads.id, db.select({ grantId: token.grantId }).from(token).where(and(eq(token.model, sql.placeholder("model")), eq(token.id, sql.placeholder("id"))))),
          ),
        ),
      ),
    )
    .limit(2)
    .prepare("oidc_find_with_grant"),
);

type StoredRow = { payload: unknown; consumedAt: Date | null };

/** The columns of an account the provider's claims are made of (account.ts). */
export type AccountRow = { id: string; email: string; nickname: string | null; headpic: string | null; status: string };

/**
 * What was read with a token during one provider request (mount.ts runs each in `oneRequest`):
 * the provider's next Grant.find takes its grant from here, and its findAccount the account,
 * instead of reading them again. Each is taken once; a grant is dropped when it is written or
 * revoked in the meantime.
 */
type ReadWithToken = { grants: Map<string, StoredRow>; accounts: Map<string, AccountRow> };
const readWithToken = new AsyncLocalStorage<ReadWithToken>();

export function oneRequest<T>(work: () => T): T {
  return readWithToken.run({ grants: new Map(), accounts: new Map() }, work);
}

function forgetGrant(grantId: string): void {
  readWithToken.getStore()?.grants.delete(grantId);
}

/** The account read with this request's token, once; undefined when none was. */
export function takeAccountRead(accountId: string): AccountRow | undefined {
  const accounts = readWithToken.getStore()?.accounts;
  const found = accounts?.get(accountId);
  accounts?.delete(accountId);
  return found;
}

const consumeOnce = preparedOnce((db) =>
  db
    .update(oidcPayloads)
    .set({ consumedAt: at("now") })
    .where(and(byKey, isNull(oidcPayloads.consumedAt)))
    .returning({ id: oidcPayloads.id })
    .prepare("oidc_consume"),
);

const upsertPayload = preparedOnce((db) =>
  db
    .insert(oidcPayloads)
    .values({
      model: sql.placeholder("model"),
      id: sql.placeholder("id"),
      payload: sql.placeholder("payload"),
      grantId: sql.placeholder("grantId"),
      uid: sql.placeholder("uid"),
      accountId: sql.placeholder("accountId"),
      expiresAt: at("expiresAt"),
    })
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: { payload: sql`excluded.payload`, grantId: sql`excluded.grant_id`, uid: sql`excluded.uid`, accountId: sql`excluded.account_id`, expiresAt: sql`excluded.expires_at` },
    })
    .prepare("oidc_upsert"),
);

export class DatabaseAdapter implements Adapter {
  private readonly hashed: boolean;

  constructor(private readonly model: string) {
    this.hashed = HASHED.has(model);
  }

  private key(id: string): string {
    return this.hashed ? sha256Hex(id) : id;
  }

  private where(id: string) {
    return and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, this.key(id)));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    if (this.model === "Client") throw new Error("clients are registered with npm run cli -- client:create");
    const { jti, ...rest } = payload;
    const stored = this.hashed ? rest : { ...rest, ...(jti === undefined ? {} : { jti }) };
    if (this.model === "Grant") forgetGrant(id);
    const db = await getDb();
    await upsertPayload(db).execute({
      model: this.model,
      id: this.key(id),
      payload: stored,
      grantId: stringOr(payload.grantId),
      uid: stringOr(payload.uid),
      accountId: stringOr(payload.accountId),
      expiresAt: typeof expiresIn === "number" ? addSeconds(now(), expiresIn).toISOString() : null,
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.model === "Client") return clientMetadata(id);
    const read = readWithToken.getStore();
    if (this.model === "Grant") {
      const known = read?.grants.get(id);
      if (known) {
        read?.grants.delete(id);
        return this.restore(id, known.payload, known.consumedAt);
      }
    }
    const db = await getDb();
    const params = { model: this.model, id: this.key(id), now: now().toISOString() };
    if (!this.hashed || !read) {
      const [row] = await findLive(db).execute(params);
      return row ? this.restore(id, row.payload, row.consumedAt) : undefined;
    }
    const rows = await findLiveWithGrant(db).execute(params);
    for (const row of rows) {
      if (row.model === "Grant") read.grants.set(row.id, row);
      if (row.account) read.accounts.set(row.account.id, row.account);
    }
    const row = rows.find((found) => found.model === this.model);
    return row ? this.restore(id, row.payload, row.consumedAt) : undefined;
  }

  private restore(id: string, payload: unknown, consumedAt: Date | null): AdapterPayload {
    const found = payload as AdapterPayload;
    return {
      ...found,
      ...(this.hashed ? { jti: id } : {}),
      ...(consumedAt ? { consumed: Math.floor(consumedAt.getTime() / 1000) } : {}),
    };
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const db = await getDb();
    const [row] = await db
      .select({ id: oidcPayloads.id, payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.uid, uid), live()))
      .limit(1);
    return row ? this.restore(row.id, row.payload, row.consumedAt) : undefined;
  }

  /** The device flow is not enabled: nothing is found by a user code. */
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  /**
   * The provider reads a code or refresh token, sees it unused, then consumes it. Two requests
   * racing with one value would both pass that read; only the first consume here wins. The second
   * is a replay like any other (OAuth 2.1 §4.1.3, §4.3.1): the grant ends, so what the first
   * request gets dies too, and the caller is told `invalid_grant`.
   */
  async consume(id: string): Promise<void> {
    const db = await getDb();
    const first = await consumeOnce(db).execute({ model: this.model, id: this.key(id), now: now().toISOString() });
    if (first.length > 0) return;
    const [row] = await db.select({ grantId: oidcPayloads.grantId }).from(oidcPayloads).where(this.where(id)).limit(1);
    if (row?.grantId) await this.revokeGrant(row.grantId);
    throw new errors.InvalidGrant("already consumed");
  }

  /** A grant and everything issued under it (the provider's own revocation does the same in steps). */
  private async revokeGrant(grantId: string): Promise<void> {
    forgetGrant(grantId);
    const db = await getDb();
    await db.delete(oidcPayloads).where(or(eq(oidcPayloads.grantId, grantId), and(eq(oidcPayloads.model, "Grant"), eq(oidcPayloads.id, grantId))));
  }

  async destroy(id: string): Promise<void> {
    if (this.model === "Grant") forgetGrant(id);
    const db = await getDb();
    await db.delete(oidcPayloads).where(this.where(id));
  }

  /** Every code and token of a grant, whatever its model (the grant itself is destroyed by the provider). */
  async revokeByGrantId(grantId: string): Promise<void> {
    forgetGrant(grantId);
    const db = await getDb();
    await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }
}

// expired codes, tokens, sessions and interactions are never read again
registerPruner({
  name: "oidc_payloads",
  prune: async (db, at) => (await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, at)).returning({ id: oidcPayloads.id })).length,
});
