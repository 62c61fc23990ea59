// What the use cases need (the service context), built once per process from its deps.
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { RETRY_AFTER_SECONDS } from '@oms/domain';
import { getOrCreateSecret, type Database } from '@oms/db';
import { createAttemptLimiter, createRateLimiter, type AttemptLimiter, type Logger, type RateLimiter } from '@oms/platform';
import { createPasswordHasher, type PasswordHasher } from './security/password-hasher.js';
import { createConversionCache, type ConversionCache } from './ontologies/conversion-cache.js';
import { createCallerSlots, type CallerSlots } from './ontologies/caller-slots.js';
import { createCommitDescriptions, type CommitDescriptions } from './ontologies/commit-descriptions.js';
import { createHeavyWork, defaultHeavyWorkThreads, type HeavyWork } from './ontologies/heavy-work.js';
import { createBackgroundTerms, type BackgroundTerms } from './terms/background-terms.js';

/** The settings the use cases read; each app's own config schema supplies them. */
export type ServiceConfig = {
  /** Where the service is reached from outside (links in answers). */
  baseUrl: string;
  registration: 'open' | 'closed';
  /** Sign-ups per client address per minute; 0 turns the limit off. */
  signUpLimit: number;
  heavyWorkThreads?: number | undefined;
  heavyWorkHeapMiB: number;
  heavyRequestsPerCaller: number;
  /** Sources over this many UTF-8 bytes get their terms after the commit returns (default TERMS_SYNC_MAX_BYTES, 10 MiB). */
  termsSyncMaxBytes?: number | undefined;
  /** How often a terms writer beats its claim, ms (default WRITER_BEAT_MS, 10 s); a claim three beats silent is taken over. */
  termsWriterBeatMs?: number | undefined;
  /** The largest uploaded source of a format parsed from one string (default WHOLE_TEXT_SOURCE_MAX_BYTES, 256 MiB). */
  wholeTextSourceMaxBytes?: number | undefined;
  /** The largest source converted to another serialization on download (default CONVERSION_MAX_BYTES, 32 MiB). */
  conversionMaxBytes?: number | undefined;
  /** Where large stored sources are spooled for background term extraction (default: the system's temporary folder). */
  uploadDir?: string | undefined;
  /** Diffs where a side is over this many bytes stream both versions through a line diff (default LARGE_DIFF_BYTES, 16 MiB). */
  diffStreamMinBytes?: number | undefined;
};

export type ServiceContext = {
  config: ServiceConfig;
  db: Database;
  logger: Logger;
  hasher: PasswordHasher;
  now: () => Date;
  newId: () => string;
  /** The HMAC key of sgids: generated on first use and kept in the database. */
  sgidKey: () => Promise<string>;
  /** Sign-in attempts per account and address (REST and the OAuth sign-in page). */
  signInLimiter: AttemptLimiter;
  /** Sign-ups per client address (config.signUpLimit per minute); null when unlimited. */
  signUpLimiter: RateLimiter | null;
  /**
   * Wrong passwords and codes given by a signed-in user (password change, two-factor on and
   * off), per user: a stolen API token does not buy unlimited guesses at the password.
   */
  credentialCheckLimiter: RateLimiter;
  /** Converted source downloads by commit hash and target serialization. */
  conversions: ConversionCache;
  /** Source checks, diffs and conversions (large ones in a bounded pool of worker threads). */
  heavyWork: HeavyWork;
  /** How each commit's source is offered for download, by commit hash. */
  descriptions: CommitDescriptions;
  /** Heavy requests each caller may have running at once (429 past it). */
  heavySlots: CallerSlots;
  /** Terms written after the commit's answer (large sources, commits on an unindexed parent). */
  backgroundTerms: BackgroundTerms;
};

export type ServiceDeps = {
  config: ServiceConfig;
  db: Database;
  logger: Logger;
  now?: () => Date;
  hasher?: PasswordHasher;
  /** A Redis client for shared rate-limit counters; without one they live in this process. */
  redis?: unknown;
  /** Test only: the heavy-work worker module (tests run from TypeScript, which a worker cannot load). */
  heavyWorkerFile?: URL;
};

/** Wrong passwords or codes a signed-in user may give per window before waiting. */
const CREDENTIAL_CHECKS = { points: 10, windowSeconds: 15 * 60 };
const SIGN_UP_WINDOW_SECONDS = 60;

export function createServiceContext(deps: ServiceDeps): ServiceContext {
  let sgidKey: Promise<string> | undefined;
  const store = deps.redis ? { redis: deps.redis } : {};
  const heavyWork = createHeavyWork({
    threads: deps.config.heavyWorkThreads ?? defaultHeavyWorkThreads(),
    workerHeapMiB: deps.config.heavyWorkHeapMiB,
    logger: deps.logger,
    ...(deps.heavyWorkerFile ? { workerFile: deps.heavyWorkerFile } : {}),
  });
  const backgroundTerms = createBackgroundTerms({ db: deps.db, heavyWork, config: deps.config }, deps.logger);
  return {
    backgroundTerms,
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
    signInLimiter: createAttemptLimiter({ prefix: 'sign-in', ...store }),
    signUpLimiter:
      deps.config.signUpLimit > 0
        ? createRateLimiter({ ...store, prefix: 'sign-up', points: deps.config.signUpLimit, windowSeconds: SIGN_UP_WINDOW_SECONDS })
        : null,
    credentialCheckLimiter: createRateLimiter({ ...store, prefix: 'credential-check', ...CREDENTIAL_CHECKS }),
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
