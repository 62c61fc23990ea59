// Bounded repetition: at most `times` runs, and no new run once `budgetMs` has passed.
import { performance } from 'node:perf_hooks';
import { median } from './stats.mjs';

export async function repeat({ times, budgetMs, log }, run) {
  const results = [];
  const started = performance.now();
  for (let i = 0; i < times; i += 1) {
    results.push(await run(i));
    if (i + 1 < times && performance.now() - started > budgetMs) {
      log?.(`time budget of ${Math.round(budgetMs / 1000)} s reached after ${i + 1} of ${times} repetitions`);
      break;
    }
  }
  return results;
}

/** Milliseconds that `run` takes. */
export async function timeMs(run) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * The p50s of a timed request: `warmUp` untimed calls of `once` (which answers milliseconds),
 * then rounds of `requests` calls as `repeat` runs them, each round's median.
 */
export async function p50Rounds({ warmUp = 10, times, requests, budgetMs, log }, once) {
  for (let i = 0; i < warmUp; i += 1) await once();
  return repeat({ times, budgetMs, log }, async () => {
    const round = [];
    for (let i = 0; i < requests; i += 1) round.push(await once());
    return median(round);
  });
}
