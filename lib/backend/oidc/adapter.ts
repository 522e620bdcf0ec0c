import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { errors, type Adapter, type AdapterPayload } from "oidc-provider";
import { addSeconds, now } from "../clock";
import { sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { oidcPayloads } from "../db/schema";
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
    const columns = {
      payload: stored,
      grantId: stringOr(payload.grantId),
      uid: stringOr(payload.uid),
      accountId: stringOr(payload.accountId),
      expiresAt: typeof expiresIn === "number" ? addSeconds(now(), expiresIn) : null,
    };
    const db = await getDb();
    await db
      .insert(oidcPayloads)
      .values({ model: this.model, id: this.key(id), ...columns })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: columns });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.model === "Client") return clientMetadata(id);
    const db = await getDb();
    const [row] = await db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(this.where(id), live()))
      .limit(1);
    if (!row) return undefined;
    return this.restore(id, row.payload, row.consumedAt);
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
    const first = await db
      .update(oidcPayloads)
      .set({ consumedAt: now() })
      .where(and(this.where(id), isNull(oidcPayloads.consumedAt)))
      .returning({ id: oidcPayloads.id });
    if (first.length > 0) return;
    const [row] = await db.select({ grantId: oidcPayloads.grantId }).from(oidcPayloads).where(this.where(id)).limit(1);
    if (row?.grantId) await this.revokeGrant(row.grantId);
    throw new errors.InvalidGrant("already consumed");
  }

  /** A grant and everything issued under it (the provider's own revocation does the same in steps). */
  private async revokeGrant(grantId: string): Promise<void> {
    const db = await getDb();
    await db.delete(oidcPayloads).where(or(eq(oidcPayloads.grantId, grantId), and(eq(oidcPayloads.model, "Grant"), eq(oidcPayloads.id, grantId))));
  }

  async destroy(id: string): Promise<void> {
    const db = await getDb();
    await db.delete(oidcPayloads).where(this.where(id));
  }

  /** Every code and token of a grant, whatever its model (the grant itself is destroyed by the provider). */
  async revokeByGrantId(grantId: string): Promise<void> {
    const db = await getDb();
    await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }
}

// expired codes, tokens, sessions and interactions are never read again
registerPruner({
  name: "oidc_payloads",
  prune: async (db, at) => (await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, at)).returning({ id: oidcPayloads.id })).length,
});
