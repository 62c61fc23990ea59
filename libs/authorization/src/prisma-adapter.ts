// oidc-provider's storage (clients, grants, sessions, codes, tokens) in the service's own
// database, so every replica sees the same state and a restart loses nothing.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DbClient, PrismaNamespace } from '@oms/db';

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

    async consume(id: string): Promise<void> {
      await db.oidcPayload.updateMany({ where: { id, type: this.name }, data: { consumedAt: new Date() } });
    }

    async destroy(id: string): Promise<void> {
      await db.oidcPayload.deleteMany({ where: { id, type: this.name } });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.oidcPayload.deleteMany({ where: { grantId } });
    }
  };
}
