// oidc-provider's storage (clients, grants, sessions, codes, tokens) in the service's own
// database, so every replica sees the same state and a restart loses nothing.
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { DbClient, PrismaNamespace } from '@oms/db';

/** Grant sources a second use of which is an attack (or a lost race) rather than a no-op. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken']);

export function prismaAdapter(db: DbClient): new (name: string) => Adapter {
  return class PrismaOidcAdapter implements Adapter {
    constructor(private readonly name: string) {}

    private live(id: string) {
      return db.oidcPayload.findFirst({
        where: { id, type: this.name, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
      });
    }

    private static payloadOf(row: { payload: unknown; consumedAt: Date | null } | null): AdapterPayload | undefined {
      if (!row) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const data = {
        payload: payload as PrismaNamespace.InputJsonValue,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db.oidcPayload.upsert({ where: { id_type: { id, type: this.name } }, create: { id, type: this.name, ...data }, update: data });
    }

    async find(id: string) {
      return PrismaOidcAdapter.payloadOf(await this.live(id));
    }

    async findByUserCode(userCode: string) {
      const row = await db.oidcPayload.findFirst({ where: { userCode, type: this.name } });
      return row && row.expiresAt && row.expiresAt < new Date() ? undefined : PrismaOidcAdapter.payloadOf(row);
    }

    async findByUid(uid: string) {
      const row = await db.oidcPayload.findFirst({ where: { uid, type: this.name } });
      return row && row.expiresAt && row.expiresAt < new Date() ? undefined : PrismaOidcAdapter.payloadOf(row);
    }

    /**
     * oidc-provider reads a code or refresh token, checks it is unconsumed, then consumes it:
     * two requests at once both pass the check. Consuming is the atomic step here, so the
     * loser of such a race is refused like any reuse and the grant is revoked (RFC 6749
     * 4.1.2, OAuth 2.1 4.3.1, RFC 9700 4.14.2).
     */
    async consume(id: string): Promise<void> {
      const { count } = await db.oidcPayload.updateMany({ where: { id, type: this.name, consumedAt: null }, data: { consumedAt: new Date() } });
      if (count > 0 || !SINGLE_USE.has(this.name)) return;
      const row = await db.oidcPayload.findFirst({ where: { id, type: this.name }, select: { grantId: true } });
      // Like oidc-provider's own reuse detection: the grant goes, and with it every token of it.
      if (row?.grantId) await db.oidcPayload.deleteMany({ where: { OR: [{ id: row.grantId, type: 'Grant' }, { grantId: row.grantId }] } });
      throw new errors.InvalidGrant(`${this.name === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`);
    }

    async destroy(id: string): Promise<void> {
      await db.oidcPayload.deleteMany({ where: { id, type: this.name } });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.oidcPayload.deleteMany({ where: { grantId } });
    }
  };
}
