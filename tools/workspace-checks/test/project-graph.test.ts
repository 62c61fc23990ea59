// The drawn dependency graph (`nx graph`) keeps the shape of DESIGN 1: every app that serves
// the product depends on the application layer (libs/ontology-service), and no app depends on
// another. bin/mcp-stdio is a stdio-to-HTTP bridge with no use case of its own (decisions.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BRIDGES = new Set(['mcp-stdio']);

type Graph = { nodes: Record<string, { type: string }>; dependencies: Record<string, { target: string }[]> };
let graph: Graph;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'nx-graph-'));
  const file = path.join(dir, 'graph.json');
  execFileSync(path.join(root, 'node_modules', '.bin', 'nx'), ['graph', `--file=${file}`], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    stdio: 'ignore',
  });
  graph = (JSON.parse(readFileSync(file, 'utf8')) as { graph: Graph }).graph;
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const apps = () => Object.keys(graph.nodes).filter((name) => graph.nodes[name]?.type === 'app');
const dependenciesOf = (name: string) => (graph.dependencies[name] ?? []).map((edge) => edge.target);

describe('the project graph', () => {
  it('when the graph is drawn then every serving app depends on ontology-service', () => {
    const serving = apps().filter((app) => !BRIDGES.has(app));
    expect(serving.sort()).toEqual(['auth-server', 'mcp-gateway', 'render-worker', 'rest-api', 'web']);
    for (const app of serving) expect(dependenciesOf(app), app).toContain('ontology-service');
  });

  it('when the graph is drawn then no app depends on another app', () => {
    const appNames = new Set(apps());
    for (const app of appNames) expect(dependenciesOf(app).filter((target) => appNames.has(target)), app).toEqual([]);
  });
});
