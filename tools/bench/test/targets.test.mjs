// The runner's command line and target selection, without starting anything: which target
// --target picks, what it builds and starts, how a case's goal, baseline and skip resolve per
// target, where the JSON goes, and the helpers the cluster target and render-scale rely on.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASES } from '../cases/index.mjs';
import { UsageError, parseArgs } from '../lib/args.mjs';
import { RESULTS_DIR } from '../lib/paths.mjs';
import { BENCH_REDIS_DBS, withRedisDb } from '../lib/redis.mjs';
import { overlap } from '../lib/render-queue.mjs';
import { measuredResult, skippedResult } from '../lib/report.mjs';
import { caseFor, outputFile, TARGET_DEFINITIONS, targetDefinition } from '../lib/targets/index.mjs';

const byName = (name) => CASES.find((def) => def.name === name);

describe('parseArgs', () => {
  it('when no option is given then it runs every case in full on the embedded target (PGlite, as npm start) after a build', () => {
    expect(parseArgs([])).toEqual({ quick: false, build: true, target: 'embedded', only: [], help: false });
  });

  it('when --target cluster or postgres is given, with a space or an equals sign, then that target is chosen', () => {
    expect(parseArgs(['--target', 'cluster']).target).toBe('cluster');
    expect(parseArgs(['--target=postgres']).target).toBe('postgres');
    expect(parseArgs(['--target=cluster', '--quick', '--no-build'])).toMatchObject({ target: 'cluster', quick: true, build: false });
  });

  it('when the target is unknown or missing then it is a usage error', () => {
    expect(() => parseArgs(['--target', 'kubernetes'])).toThrow(UsageError);
    expect(() => parseArgs(['--target'])).toThrow(UsageError);
    expect(() => parseArgs(['--target', '--quick'])).toThrow(UsageError);
    expect(() => parseArgs(['--fast'])).toThrow(UsageError);
  });

  it('when --only is repeated or comma-separated then every named case is kept', () => {
    expect(parseArgs(['--only', 'read-one,mcp-read', '--only=render-scale']).only).toEqual(['read-one', 'mcp-read', 'render-scale']);
  });
});

describe('targets', () => {
  it('when a target is looked up then embedded, postgres and cluster exist and anything else is refused', () => {
    expect(Object.keys(TARGET_DEFINITIONS).sort()).toEqual(['cluster', 'embedded', 'postgres']);
    expect(() => targetDefinition('swarm')).toThrow(/no target swarm/);
  });

  it('when the cluster target runs then it builds and starts every app npm run cluster starts', () => {
    const cluster = targetDefinition('cluster');
    expect(cluster.build).toEqual(expect.arrayContaining(['rest-api', 'auth-server', 'web', 'mcp-gateway', 'render-worker']));
    expect(cluster.runs).toEqual(cluster.build);
    expect(targetDefinition('embedded').runs).toEqual(['rest-api']);
    expect(targetDefinition('postgres').runs).toEqual(['rest-api']);
  });

  it('when BENCH_OUT is set then the JSON goes there, else to a file per target', () => {
    expect(outputFile('embedded', {})).toBe(path.join(RESULTS_DIR, 'latest.json'));
    expect(outputFile('postgres', {})).toBe(path.join(RESULTS_DIR, 'latest-postgres.json'));
    expect(outputFile('cluster', {})).toBe(path.join(RESULTS_DIR, 'latest-cluster.json'));
    expect(outputFile('cluster', { BENCH_OUT: '/tmp/x.json' })).toBe('/tmp/x.json');
  });
});

describe('cases per target', () => {
  it('when mcp-read runs then its goal is 1.5 in one process and 2.5 on the cluster (one more hop)', () => {
    expect(caseFor(byName('mcp-read'), 'embedded').goal).toBe('<= 1.5');
    expect(caseFor(byName('mcp-read'), 'postgres').goal).toBe('<= 1.5');
    expect(caseFor(byName('mcp-read'), 'cluster').goal).toBe('<= 2.5');
  });

  it('when render-scale runs then it is skipped in one process with a reason and runs on the cluster', () => {
    expect(caseFor(byName('render-scale'), 'embedded').skip).toMatch(/--target cluster/);
    expect(caseFor(byName('render-scale'), 'postgres').skip).toMatch(/--target cluster/);
    expect(caseFor(byName('render-scale'), 'cluster').skip).toBeUndefined();
    expect(typeof byName('render-scale').run).toBe('function');
  });

  it('when any case is resolved for any target then it has a goal, a baseline and no unresolved per-target value', () => {
    for (const target of ['embedded', 'postgres', 'cluster']) {
      for (const def of CASES) {
        const resolved = caseFor(def, target);
        expect(resolved.goal, `${def.name} on ${target}`).toMatch(/^(<=|>=) [0-9.]+$/);
        expect(typeof resolved.baseline, `${def.name} on ${target}`).toBe('string');
        expect(resolved.skip === undefined || typeof resolved.skip === 'string', `${def.name} on ${target}`).toBe(true);
        expect(resolved.skip || typeof resolved.run === 'function', `${def.name} on ${target}`).toBeTruthy();
      }
    }
  });

  it('when a result is recorded then it names the target it ran on and keeps the required fields', () => {
    const def = caseFor(byName('render-scale'), 'cluster');
    const result = measuredResult(def, { value: 3, baseline_value: 2 });
    expect(result).toMatchObject({ name: 'render-scale', target: 'cluster', unit: 'renders/s', value: 3, baseline_value: 2, ratio: 1.5, goal: '>= 1.5', meets: true });
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['name', 'value', 'unit', 'baseline', 'baseline_value', 'ratio', 'goal', 'meets']));
    expect(skippedResult(caseFor(byName('render-scale'), 'embedded'), 'why')).toMatchObject({ target: 'embedded', skipped: 'why', meets: null });
  });

  it('when read-one and search-scale run on the embedded default then neither is skipped (they were, for want of PostgreSQL)', () => {
    for (const name of ['read-one', 'search-scale']) {
      expect(caseFor(byName(name), 'embedded').skip, name).toBeUndefined();
      expect(byName(name).needs, name).toBeUndefined();
    }
    expect(caseFor(byName('search-scale'), 'embedded').goal).toBe('<= 2');
  });

  it('when a case reports details then they are kept beside the ratio, rounded; without them there is no details field', () => {
    const def = caseFor(byName('mcp-read'), 'embedded');
    expect(measuredResult(def, { value: 4, baseline_value: 2, details: { mcp_clients_alone_ms: 1.23456 } }).details).toEqual({ mcp_clients_alone_ms: 1.23 });
    expect(measuredResult(def, { value: 4, baseline_value: 2 })).not.toHaveProperty('details');
  });
});

describe('cluster helpers', () => {
  it('when the Redis URL gets the bench database then only the number changes, never 7, 9 or 10 of the other suites', () => {
    expect(withRedisDb('redis://127.0.0.1:6379', 11)).toBe('redis://127.0.0.1:6379/11');
    expect(withRedisDb('redis://127.0.0.1:6380/3', 12)).toBe('redis://127.0.0.1:6380/12');
    expect(BENCH_REDIS_DBS.filter((db) => [7, 9, 10].includes(db))).toEqual([]);
  });

  it('when jobs ran one after another then at most one ran at once; when side by side then two', () => {
    const serial = [
      { processedOn: 0, finishedOn: 100 },
      { processedOn: 100, finishedOn: 200 },
      { processedOn: 210, finishedOn: 300 },
    ];
    expect(overlap(serial).most).toBe(1);
    expect(overlap(serial).mean).toBeCloseTo(290 / 300);
    const paired = [
      { processedOn: 0, finishedOn: 100 },
      { processedOn: 10, finishedOn: 110 },
      { processedOn: 100, finishedOn: 200 },
      { processedOn: 110, finishedOn: 210 },
    ];
    expect(overlap(paired)).toMatchObject({ most: 2 });
    expect(overlap(paired).mean).toBeCloseTo(400 / 210);
  });
});
