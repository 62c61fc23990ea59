export { MAX_DELTA_DEPTH, headSourceInfo, readStoredSource, readStoredSourceText, rechunked, sourceHeadColumns, sourceTextFrom, storedSourceInfo, storeSource } from './source-store.js';
export type { SourceHead, SourceInput, SqlQuery, StoredSource, StoreSourceInput } from './source-store.js';
export { prismaQuery, runnerQuery, sessionsQuery } from './queries.js';
export { countSourceChars, recordedSourceChars } from './source-chars.js';
export { utf16Length } from './utf16-length.js';
