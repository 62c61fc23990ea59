#!/usr/bin/env node
// `npm run bench`: builds the service (unless --no-build), starts the target on a fresh
// database (embedded: the single process; cluster: `npm run cluster` behind its nginx edge),
// runs each case against its baseline, prints a table and writes JSON to $BENCH_OUT.
// Exit codes: 0 all cases ran (missed goals are reported, not failures), 1 a case could not
// run, 2 usage. Everything started is stopped at the end.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { CASES } from './cases/index.mjs';
import { apiFor, signUp } from './lib/api.mjs';
import { USAGE, UsageError, parseArgs } from './lib/args.mjs';
import { assertBuilt, buildService } from './lib/build.mjs';
import { runCleanups, stopEverythingOnSignals, wasInterrupted } from './lib/cleanup.mjs';
import { failedResult, formatTable, measuredResult, skippedResult, writeResults } from './lib/report.mjs';
import { caseFor, outputFile, targetDefinition } from './lib/targets/index.mjs';

// Generous: on the embedded target a case may restart the service (PGlite), slow on a loaded machine.
const CASE_TIMEOUT_MS = { quick: 240_000, full: 480_000 };

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function selectCases(only) {
  if (only.length === 0) return CASES;
  const unknown = only.filter((name) => !CASES.some((def) => def.name === name));
  if (unknown.length > 0) throw new UsageError(`unknown case ${unknown.join(', ')}; cases: ${CASES.map((def) => def.name).join(', ')}`);
  return CASES.filter((def) => only.includes(def.name));
}

async function runCase(def, ctx, options) {
  if (def.skip) return skippedResult(def, def.skip);
  // For a case that can only run on PostgreSQL (none of today's: each runs on every target).
  if (def.needs === 'postgres' && ctx.db.kind !== 'postgres') {
    return skippedResult(def, `needs PostgreSQL (${def.needsWhy}); run it with --target postgres or --target cluster`);
  }
  if (!ctx.service.alive()) {
    ctx.log('the service had stopped; starting it again');
    await ctx.restartService();
  }
  const started = performance.now();
  try {
    const measured = await withTimeout(def.run(ctx), options.quick ? CASE_TIMEOUT_MS.quick : CASE_TIMEOUT_MS.full, def.name);
    return measuredResult(def, measured);
  } catch (error) {
    if (!ctx.service.alive()) {
      const tail = ctx.service.output().trim().split('\n').slice(-5).join('\n    ');
      ctx.log(`the service process ended (exit ${ctx.service.exitCode()}); its last output:\n    ${tail}`);
    }
    // A timed-out case may still be running against the service: give the next case a fresh one.
    if (!wasInterrupted()) await ctx.restartService().catch((restartError) => ctx.log(`could not restart the service: ${restartError.message}`));
    return failedResult(def, error);
  } finally {
    ctx.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** Other work on the machine skews every number: say how busy it was. */
function reportLoad(when) {
  const [one] = loadavg();
  const cores = availableParallelism();
  const busy = one > cores ? ` (more than the ${cores} cores: other work competes, numbers are noisy)` : '';
  console.log(`bench: load average at ${when} ${one.toFixed(2)}${busy}`);
}

async function main(options) {
  const started = performance.now();
  const cases = selectCases(options.only).map((def) => caseFor(def, options.target));
  const out = outputFile(options.target);
  const definition = targetDefinition(options.target);
  if (options.build) await buildService(definition.build);
  assertBuilt(definition.runs);

  const target = await definition.start((line) => console.log(`bench: ${line}`));
  console.log(`bench: ${options.quick ? 'quick smoke run' : 'full run'} against ${target.label}`);
  reportLoad('start');
  let current = '';
  const ctx = {
    quick: options.quick,
    /** 'embedded', 'postgres' or 'cluster'. */
    target: target.name,
    db: target.db,
    results: [],
    get service() {
      return target.service;
    },
    log: (line) => console.log(`  [${current}] ${line}`),
    /** A fresh service (embedded, postgres: a new process; cluster: every process anew) on the same database and port. */
    restartService: (env) => target.restart(env),
    /** Direct SQL on the run's database (`sql.query(text, params)` gives `{ rows }`); embedded stops its service meanwhile. */
    withSql: (work) => target.withSql(work),
    /** `work()` while the service is stopped (embedded: PGlite's folder is one process's; others: at once). */
    whileStopped: (work) => target.whileStopped(work),
    async newUser(label) {
      const user = await signUp(target.service.url, label);
      return { user, api: apiFor(target.service.url, user.token) };
    },
  };

  for (const def of cases) {
    if (wasInterrupted()) break;
    current = def.name;
    console.log(`bench: ${def.name}...`);
    const result = await runCase(def, ctx, options);
    ctx.results.push(result);
    if (result.error) console.log(`  [${def.name}] could not run: ${result.error}`);
  }
  await target.stop();
  if (wasInterrupted()) return 130;

  console.log(`\ntarget: ${target.name}\n${formatTable(ctx.results)}\n`);
  await writeResults(out, ctx.results);
  reportLoad('end');
  const seconds = (performance.now() - started) / 1000;
  console.log(`bench: results written to ${out}; total ${seconds.toFixed(0)} s (${(seconds / 60).toFixed(1)} min)`);
  const failed = ctx.results.filter((result) => result.error);
  if (failed.length > 0) console.log(`bench: ${failed.length} case(s) could not run: ${failed.map((result) => result.name).join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
stopEverythingOnSignals();
let code;
try {
  code = await main(options);
} catch (error) {
  if (error instanceof UsageError) console.error(`bench: ${error.message}\n${USAGE}`);
  else console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  code = error instanceof UsageError ? 2 : 1;
} finally {
  await runCleanups();
}
process.exit(code);
