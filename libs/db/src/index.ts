export * from './create-database.js';
export * from './migrator.js';
export * from './errors.js';
export * from './repositories/index.js';
export * from './visibility.js';
export type { SqlRunner } from './sql-runner.js';
export type { SqlSession, SqlSessions } from './sql-sessions.js';
export { Prisma as PrismaNamespace } from './generated/prisma/client.js';
export type * from './generated/prisma/models.js';
