// render-warm: GET /api/v1/ontologies/:id/diagram.png of orm/Warehousing.orm with a warm
// browser and no cache (every request is a commit not rendered before), against Chromium
// alone screenshotting the same SVG in this process, also warm. On the cluster the renders go
// through the queue to the render workers; each worker has its own browser, so all are warmed.
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { readFixture } from '../lib/fixtures.mjs';
import { descendantsOf } from '../lib/process-tree.mjs';
import { median } from '../lib/stats.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

async function fetchDiagram(url, token) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(120_000) });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`diagram answered ${response.status}: ${body.toString().slice(0, 200)}`);
  return body;
}

export default {
  name: 'render-warm',
  unit: 'ms',
  goal: '<= 2',
  baseline: 'Chromium alone screenshotting the same SVG (warm browser)',
  async run(ctx) {
    const reps = ctx.quick ? 2 : 7;
    const { user, api } = await ctx.newUser('render-warm');
    const source = readFixture('orm/Warehousing.orm');
    // Distinct versions give distinct commit hashes, so no render is answered from the cache.
    const renderers = ctx.service.processes('render-worker');
    const warmRounds = 3;
    const ids = [];
    for (let i = 0; i < reps + renderers.length * warmRounds; i += 1) {
      const ontology = await api.createOntology({ title: `render ${i}`, source, source_format: 'orm', version: `1.0.${i}`, visibility: 'private' });
      ids.push(ontology.id);
    }
    const base = `${ctx.service.url}/api/v1/ontologies`;
    // Warms every rendering process's browser (a process with a browser has a child process):
    // as many renders at once as there are workers, so each takes one, until all have one.
    const cold = () => renderers.filter(({ pid }) => descendantsOf(pid).length === 0);
    for (let round = 0; round < warmRounds && (round === 0 || cold().length > 0); round += 1) {
      const batch = ids.splice(0, renderers.length);
      await Promise.all(batch.map((id) => fetchDiagram(`${base}/${id}/diagram.png`, user.token)));
    }
    if (cold().length > 0) ctx.log(`no browser yet in ${cold().map(({ name }) => name).join(', ')} after warming`);
    const service = [];
    for (const id of ids.slice(0, reps)) {
      const started = performance.now();
      await fetchDiagram(`${base}/${id}/diagram.png`, user.token);
      service.push(performance.now() - started);
    }
    const svg = (await fetchDiagram(`${base}/${ids[0]}/diagram.svg`, user.token)).toString('utf8');
    const size = /width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(svg);
    const width = Math.ceil(Number(size?.[1] ?? 800));
    const height = Math.ceil(Number(size?.[2] ?? 600));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const alone = [];
    try {
      for (let i = 0; i <= reps; i += 1) {
        const started = performance.now();
        const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
        const page = await context.newPage();
        await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`, { waitUntil: 'load' });
        await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } });
        await context.close();
        if (i > 0) alone.push(performance.now() - started); // the first one warms the browser
      }
    } finally {
      await browser.close();
    }
    ctx.log(`service ms: ${service.map((v) => v.toFixed(0)).join(', ')}; Chromium alone: ${alone.map((v) => v.toFixed(0)).join(', ')}`);
    return { value: median(service), baseline_value: median(alone) };
  },
};
