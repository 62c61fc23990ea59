// The cluster target's Redis: a database number of its own on the loopback server, so the
// cluster's render queue never mixes with another suite's (the cluster test uses 9, others 7
// and 10). The bench takes the first of 11-15 that is empty and has no client connected,
// and empties it again at the end when nobody else has connected to it meanwhile.
import { Redis } from 'ioredis';
import { onCleanup } from './cleanup.mjs';
import { withDatabaseName } from './database.mjs';

const DEFAULT_URL = 'redis://127.0.0.1:6379';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
export const BENCH_REDIS_DBS = [11, 12, 13, 14, 15];

/** The Redis URL with database number `db`. */
export const withRedisDb = (url, db) => withDatabaseName(url, String(db));

function serverUrl(log) {
  const configured = process.env.REDIS_URL;
  if (!configured) return DEFAULT_URL;
  let host;
  try {
    host = new URL(configured).hostname;
  } catch {
    log('REDIS_URL is not a URL; ignored');
    return DEFAULT_URL;
  }
  if (LOOPBACK.has(host)) return withRedisDb(configured, 0);
  log(`REDIS_URL points at ${host}; the bench only talks to 127.0.0.1, so it is not used`);
  return DEFAULT_URL;
}

async function connectTo(url) {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, commandTimeout: 5_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at ${new URL(url).host} does not answer (${error.message}); start it or set REDIS_URL`, { cause: error });
  }
  return redis;
}

/** Database number => clients connected to it (other than `self`), from CLIENT LIST; undefined when CLIENT is disabled. */
async function clientsPerDb(redis) {
  let list;
  try {
    list = await redis.client('LIST');
  } catch {
    return undefined;
  }
  const self = await redis.client('ID');
  const counts = new Map();
  for (const line of String(list).split('\n')) {
    const id = /(?:^|\s)id=(\d+)/.exec(line)?.[1];
    const db = /(?:^|\s)db=(\d+)/.exec(line)?.[1];
    if (id === undefined || db === undefined || Number(id) === Number(self)) continue;
    counts.set(Number(db), (counts.get(Number(db)) ?? 0) + 1);
  }
  return counts;
}

/** Picks an idle, empty database; `url` is the redis:// URL with its number. Emptied at the end. */
export async function openBenchRedis(log) {
  const server = serverUrl(log);
  const redis = await connectTo(server);
  let chosen;
  try {
    const clients = await clientsPerDb(redis);
    for (const db of BENCH_REDIS_DBS) {
      if ((clients?.get(db) ?? 0) > 0) continue;
      await redis.select(db);
      if ((await redis.dbsize()) === 0) {
        chosen = db;
        break;
      }
    }
  } finally {
    redis.disconnect();
  }
  if (chosen === undefined) {
    throw new Error(`no Redis database of ${BENCH_REDIS_DBS.join(', ')} on ${new URL(server).host} is empty and unused (another bench running?)`);
  }
  const url = withRedisDb(server, chosen);
  const dispose = async () => {
    const client = await connectTo(url);
    try {
      // The cluster's connections close as its processes exit: give Redis a moment to see it.
      let others = 0;
      for (let attempt = 0; attempt < 25; attempt += 1) {
        others = (await clientsPerDb(client))?.get(chosen) ?? 0;
        if (others === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      if (others > 0) log(`Redis database ${chosen} still has ${others} other client(s); left as it is`);
      else await client.flushdb();
    } finally {
      client.disconnect();
    }
  };
  const forget = onCleanup(`Redis database ${chosen}`, dispose);
  return {
    db: chosen,
    url,
    label: `Redis database ${chosen} on ${new URL(server).host}`,
    dispose: async () => {
      forget();
      await dispose();
    },
  };
}
