// The one preamble of the component tests: a fresh database (per back end, see testBackends()),
// the real app from createApp on port 0, the users signed up with their API tokens, and the
// close. A test file keeps only what is its own.
//
// Set up in beforeAll (so nested suites' own beforeAll can use it) and awaited again in every
// beforeEach: a set-up that fails fails every test instead of only skipping them. Closed in afterAll.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { bundleHeavyWorker } from '@oms/ontology-service/testing';
import { freePort } from '@oms/testing';
import { signUpUser, startTestServer, type SignedUpUser, type TestServer } from './test-server.js';

type StartOptions = NonNullable<Parameters<typeof startTestServer>[1]>;
type UserFields = { name?: string };

export type TestServerOptions<K extends string> = Omit<StartOptions, 'port' | 'heavyWorkerFile'> & {
  /** Environment the app's config is read from (on top of the harness's: no sign-up limit). */
  env?: Record<string, string>;
  /** Users to sign up before the tests, by the name the test calls them (with their display names). */
  users?: readonly K[] | { readonly [key in K]: UserFields };
  /** 'free': a fixed free port, the issuer's BASE_URL on it (OAuth needs the real address). */
  port?: 'free';
  /** Run heavy work in a real worker thread (bundled for the test) instead of the main thread. */
  heavyWorker?: boolean;
};

export type UsedTestServer<K extends string> = { server: TestServer; users: { readonly [key in K]: SignedUpUser } };

type Started<K extends string> = { server: TestServer; users: Record<K, SignedUpUser>; dispose: () => void };

export function useTestServer<const K extends string = never>(options: TestServerOptions<K> = {}): UsedTestServer<K> {
  const entries = userEntries(options.users);
  let starting: Promise<Started<K>> | undefined;
  let started: Started<K> | undefined;
  const start = async (): Promise<Started<K>> => {
    const { env = {}, users: _users, port, heavyWorker, ...startOptions } = options;
    const worker = heavyWorker ? await bundleHeavyWorker() : undefined;
    const server = await startTestServer(env, {
      ...startOptions,
      ...(port === 'free' ? { port: await freePort() } : {}),
      ...(worker ? { heavyWorkerFile: worker.file } : {}),
    });
    const signedUp = await Promise.all(entries.map(async ([key, fields]) => [key, await signUpUser(server, fields)] as const));
    return (started = { server, users: Object.fromEntries(signedUp) as Record<K, SignedUpUser>, dispose: () => worker?.dispose() });
  };
  const ready = () => (starting ??= start());

  beforeAll(async () => {
    // A failure is reported by every test's beforeEach below.
    await ready().catch(() => undefined);
  });
  beforeEach(async () => {
    await ready();
  });
  afterAll(async () => {
    const running = await starting?.catch(() => undefined);
    await running?.server.close();
    running?.dispose();
  });

  const current = (): Started<K> => {
    if (!started) throw new Error('useTestServer: the server is not started yet (use it inside hooks and tests)');
    return started;
  };
  const server: TestServer = {
    get baseUrl() {
      return current().server.baseUrl;
    },
    get db() {
      return current().server.db;
    },
    request: (method, path, requestOptions) => current().server.request(method, path, requestOptions),
    close: () => current().server.close(),
  };
  const users = Object.fromEntries(entries.map(([key]) => [key, userView(() => current().users[key])])) as { [key in K]: SignedUpUser };
  return { server, users };
}

function userEntries<K extends string>(users: TestServerOptions<K>['users']): [K, UserFields][] {
  if (users === undefined) return [];
  if (isKeyList(users)) return users.map((key) => [key, {}]);
  return (Object.keys(users) as K[]).map((key) => [key, users[key]]);
}

function isKeyList<K extends string>(users: readonly K[] | { readonly [key in K]: UserFields }): users is readonly K[] {
  return Array.isArray(users);
}

/** A signed-up user read when used: the test file can name it before the users exist. */
function userView(user: () => SignedUpUser): SignedUpUser {
  return {
    get id() {
      return user().id;
    },
    get email() {
      return user().email;
    },
    get name() {
      return user().name;
    },
    get password() {
      return user().password;
    },
    get token() {
      return user().token;
    },
  };
}
