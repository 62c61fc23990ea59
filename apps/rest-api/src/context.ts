// What the use cases need, built once by createApp from its deps.
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { RETRY_AFTER_SECONDS } from '@oms/domain';
import { getOrCreateSecret, type Database } from '@oms/db';
import type { AppConfig } from './config.js';
import { createAttemptLimiter, type AttemptLimiter, type Logger } from '@oms/platform';
import { createPasswordHasher, type PasswordHasher } from './security/password-hasher.js';
import { createConversionCache, type ConversionCache } from './use-cases/ontologies/conversion-cache.js';
import { createCallerSlots, type CallerSlots } from './use-cases/ontologies/caller-slots.js';
import { createCommitDescriptions, type CommitDescriptions } from './use-cases/ontologies/commit-descriptions.js';
import { createHeavyWork, defaultHeavyWorkThreads, type HeavyWork } from './use-cases/ontologies/heavy-work.js';

export type AppContext = {
  config: AppConfig;
  db: Database;
  logger: Logger;
  hasher: PasswordHasher;
  now: () => Date;
  newId: () => string;
  /** The HMAC key of sgids: generated on first use and kept in the database. */
  sgidKey: () => Promise<string>;
  /** Sign-in attempts per account and address (REST and the OAuth sign-in page). */
  signInLimiter: AttemptLimiter;
  /** Converted source downloads by commit hash and target serialization. */
  conversions: ConversionCache;
  /** Source checks, diffs and conversions (large ones in a bounded pool of worker threads). */
  heavyWork: HeavyWork;
  /** How each commit's source is offered for download, by commit hash. */
  descriptions: CommitDescriptions;
  /** Heavy requests each caller may have running at once (429 past it). */
  heavySlots: CallerSlots;
};

export type AppDeps = {
  config: AppConfig;
  db: Database;
  logger: Logger;
  now?: () => Date;
  hasher?: PasswordHasher;
  /** A Redis client for shared rate-limit counters; without one they live in this process. */
  redis?: unknown;
  /** Where renders go; without one they run in this process. */
  renderQueue?: import('@oms/render').RenderQueue;
  /** Test only: the heavy-work worker module (tests run from TypeScript, which a worker cannot load). */
  heavyWorkerFile?: URL;
  /** Test only: how the authorization server fetches Client ID Metadata Documents. */
  metadataFetch?: typeof fetch;
};

export function createContext(deps: AppDeps): AppContext {
  let sgidKey: Promise<string> | undefined;
  const heavyWork = createHeavyWork({
    threads: deps.config.heavyWorkThreads ?? defaultHeavyWorkThreads(),
    workerHeapMiB: deps.config.heavyWorkHeapMiB,
    logger: deps.logger,
    ...(deps.heavyWorkerFile ? { workerFile: deps.heavyWorkerFile } : {}),
  });
  return {
    config: deps.config,
    db: deps.db,
    logger: deps.logger,
    hasher: deps.hasher ?? createPasswordHasher(),
    now: deps.now ?? (() => new Date()),
    newId: () => uuidv7(),
    conversions: createConversionCache(),
    heavyWork,
    descriptions: createCommitDescriptions(heavyWork),
    heavySlots: createCallerSlots({ perCaller: deps.config.heavyRequestsPerCaller, retryAfterSeconds: RETRY_AFTER_SECONDS }),
    signInLimiter: createAttemptLimiter({ prefix: 'sign-in', ...(deps.redis ? { redis: deps.redis } : {}) }),
    sgidKey: () => {
      const pending = (sgidKey ??= getOrCreateSecret(deps.db.prisma, 'sgid_hmac_key', () =>
        randomBytes(32).toString('hex'),
      ));
      // A failed first read is retried by the next caller rather than cached forever.
      pending.catch(() => {
        if (sgidKey === pending) sgidKey = undefined;
      });
      return pending;
    },
  };
}
