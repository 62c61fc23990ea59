export { MAX_DELTA_DEPTH, readStoredSource, readStoredSourceText, rechunked, storedSourceInfo, storeSource } from './source-store.js';
export type { SourceInput, SqlQuery, StoredSource, StoreSourceInput } from './source-store.js';
export { prismaQuery, runnerQuery, sessionsQuery } from './queries.js';
