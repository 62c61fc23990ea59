// terms-children: p50 of one page of the children of a term that has 10,000 children
// (GET /api/v1/ontologies/:id/terms?parent=...), the ontology created through the API (its
// terms extracted and indexed at commit). Goal: under 20 ms.
import { performance } from 'node:perf_hooks';
import { wideTurtle } from '../lib/generated-terms.mjs';
import { p50Rounds } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

const CHILDREN = 10_000;
const GOAL_MS = 20;
const NS = 'http://bench.example.org/children/';

export default {
  name: 'terms-children',
  unit: 'ms',
  // The goal is absolute (p50 under 20 ms): the baseline is that bound, so the ratio must stay <= 1.
  goal: '<= 1',
  baseline: 'the goal itself: 20 ms',
  async run(ctx) {
    const { api } = await ctx.newUser('terms-children');
    const started = performance.now();
    const ontology = await api.createOntology({ title: 'Wide', source: wideTurtle({ children: CHILDREN, namespace: NS }), source_format: 'turtle', visibility: 'private' });
    ctx.log(`created with ${CHILDREN + 1} terms in ${Math.round(performance.now() - started)} ms`);
    const path = `/api/v1/ontologies/${ontology.id}/terms?parent=${encodeURIComponent(`${NS}Root`)}&per_page=25`;
    const once = async () => {
      const begun = performance.now();
      const { status, json, text } = await api.request('GET', path);
      const ms = performance.now() - begun;
      if (status !== 200) throw new Error(`children answered ${status}: ${text.slice(0, 200)}`);
      if (json.pagination.total !== CHILDREN || json.data.length !== 25) throw new Error(`expected 25 of ${CHILDREN} children, got ${json.data.length} of ${json.pagination.total}`);
      if (json.data[0].label !== 'child number 1') throw new Error(`first child is ${json.data[0].label}`);
      return ms;
    };
    const p50s = await p50Rounds({ times: ctx.quick ? 1 : 5, requests: ctx.quick ? 10 : 40, budgetMs: 60_000, log: ctx.log }, once);
    ctx.log(`p50 ms: ${p50s.map((v) => v.toFixed(2)).join(', ')}`);
    return { value: median(p50s), baseline_value: GOAL_MS };
  },
};
