// oidc-provider's storage (clients, grants, sessions, codes, tokens) in the service's own
// database, so every replica sees the same state and a restart loses nothing. The queries are
// libs/db's oidc-payloads repository; this class adapts them to oidc-provider's Adapter.
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import {
  consumeOidcPayload,
  deleteGrantWithTokens,
  deleteOidcPayload,
  deleteOidcPayloadsOfGrant,
  findLiveOidcPayload,
  findOidcPayloadBy,
  grantIdOfOidcPayload,
  upsertOidcPayload,
  type DbClient,
  type PrismaNamespace,
} from '@oms/db';

/** Grant sources a second use of which is an attack (or a lost race) rather than a no-op. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken']);

type Row = { payload: unknown; consumedAt: Date | null; expiresAt: Date | null };

export function prismaAdapter(db: DbClient): new (name: string) => Adapter {
  return class PrismaOidcAdapter implements Adapter {
    constructor(private readonly name: string) {}

    private static payloadOf(row: Omit<Row, 'expiresAt'> | null): AdapterPayload | undefined {
      if (!row) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }

    private static unexpired(row: Row | null): AdapterPayload | undefined {
      return row && row.expiresAt && row.expiresAt < new Date() ? undefined : PrismaOidcAdapter.payloadOf(row);
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await upsertOidcPayload(db, this.name, id, {
        payload: payload as PrismaNamespace.InputJsonValue,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    async find(id: string) {
      return PrismaOidcAdapter.payloadOf(await findLiveOidcPayload(db, this.name, id));
    }

    async findByUserCode(userCode: string) {
      return PrismaOidcAdapter.unexpired(await findOidcPayloadBy(db, this.name, { userCode }));
    }

    async findByUid(uid: string) {
      return PrismaOidcAdapter.unexpired(await findOidcPayloadBy(db, this.name, { uid }));
    }

    /**
     * oidc-provider reads a code or refresh token, checks it is unconsumed, then consumes it:
     * two requests at once both pass the check. Consuming is the atomic step here, so the
     * loser of such a race is refused like any reuse and the grant is revoked (RFC 6749
     * 4.1.2, OAuth 2.1 4.3.1, RFC 9700 4.14.2).
     */
    async consume(id: string): Promise<void> {
      if ((await consumeOidcPayload(db, this.name, id)) || !SINGLE_USE.has(this.name)) return;
      const grantId = await grantIdOfOidcPayload(db, this.name, id);
      // Like oidc-provider's own reuse detection: the grant goes, and with it every token of it.
      if (grantId) await deleteGrantWithTokens(db, grantId);
      throw new errors.InvalidGrant(`${this.name === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`);
    }

    async destroy(id: string): Promise<void> {
      await deleteOidcPayload(db, this.name, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteOidcPayloadsOfGrant(db, grantId);
    }
  };
}
