import type { Prisma, PrismaClient } from '../generated/prisma/client.js';

/** Every query function takes this first: the root client or a transaction's client. */
export type DbClient = PrismaClient | Prisma.TransactionClient;
