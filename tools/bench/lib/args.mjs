// The runner's command line: --quick, --no-build, --target <embedded|postgres|cluster>, --only <case[,case]>.
export const TARGETS = ['embedded', 'postgres', 'cluster'];

export class UsageError extends Error {}

export const USAGE = `usage: npm run bench -- [--quick] [--no-build] [--target embedded|postgres|cluster] [--only <case>[,<case>...]]
  --quick     every case once, small (a smoke test; fails only when a case cannot run)
  --no-build  do not build the service first (use the existing apps/*/dist)
  --target    embedded (default: the single-process service on embedded PGlite, as npm start runs it),
              postgres (the same process on a fresh PostgreSQL database) or cluster (npm run cluster:
              two each of rest-api, web, mcp-gateway and render-worker, auth-server, nginx edge)
  --only      run only the named case(s); may be repeated
  BENCH_OUT   where the JSON results go (default bench/results/latest.json;
              --target postgres: latest-postgres.json, --target cluster: latest-cluster.json)
  DATABASE_URL  the loopback PostgreSQL server of the postgres and cluster targets
              (default postgres://postgres@127.0.0.1:5432/postgres)
  REDIS_URL   the loopback Redis server of the cluster target (default redis://127.0.0.1:6379; it takes
              the first empty, unused database of 11-15)`;

function valueOf(argv, index, name) {
  const value = argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
  return value;
}

export function parseArgs(argv) {
  const options = { quick: false, build: true, target: 'embedded', only: [], help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--quick') options.quick = true;
    else if (flag === '--no-build') options.build = false;
    else if (flag === '--help' || flag === '-h') options.help = true;
    else if (flag === '--target') {
      options.target = inline ?? valueOf(argv, i, '--target');
      if (inline === undefined) i += 1;
      if (!TARGETS.includes(options.target)) throw new UsageError(`--target must be one of ${TARGETS.join(', ')}`);
    } else if (flag === '--only') {
      const value = inline ?? valueOf(argv, i, '--only');
      if (inline === undefined) i += 1;
      options.only.push(...value.split(',').map((name) => name.trim()).filter(Boolean));
    } else throw new UsageError(`unknown option ${arg}`);
  }
  return options;
}
