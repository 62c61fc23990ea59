// The browser sessions (settings area, web interface) as the session code of @oms/platform reads
// and writes them: rows keyed by the hash of the cookie's token.
import type { DbClient } from './db-client.js';

export function webSessionStore(db: DbClient) {
  return {
    create: (row: { id: string; userId: string; csrfToken: string; expiresAt: Date }) => db.webSession.create({ data: row }),
    find: (id: string) => db.webSession.findUnique({ where: { id } }),
    delete: (id: string) => db.webSession.deleteMany({ where: { id } }),
  };
}
