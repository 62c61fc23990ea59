// web-ontology-page: p50 time of the web interface's ontology page (GET /ontologies/:id with a
// browser session) of a 10 MB Turtle ontology (2 MB with --quick), against the same ontology's
// REST read with omit_source=true, requests alternating in the same run. Both read metadata,
// metrics and the stored size, never the source; the page also reads the account, the first
// level of the term tree and the children. Times are to the last byte, measured by the client
// on loopback. Goal: at most twice the REST read.
import { performance } from 'node:perf_hooks';
import { timedPage, webSessionCookie } from '../lib/api.mjs';
import { generateTurtle } from '../lib/large-turtle.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

const MB = 1024 * 1024;

async function waitForTerms(api, id, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await api.request('GET', `/api/v1/ontologies/${id}?omit_source=true`);
    if (json?.terms_status === 'ready') return;
    if (json?.terms_status === 'failed' || Date.now() > until) throw new Error(`terms not indexed: ${json?.terms_status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export default {
  name: 'web-ontology-page',
  unit: 'ms',
  goal: '<= 2',
  baseline: 'GET /api/v1/ontologies/:id?omit_source=true of the same ontology, p50, alternating in the same run',
  async run(ctx) {
    const { user, api } = await ctx.newUser('web-ontology-page');
    const { text } = generateTurtle((ctx.quick ? 2 : 10) * MB, 22);
    const form = new FormData();
    form.append('body', JSON.stringify({ ontology: { title: 'web-ontology-page', source_format: 'turtle', visibility: 'private' } }));
    form.append('source', new Blob([text], { type: 'text/turtle' }), 'large.ttl');
    const started = performance.now();
    const created = await fetch(`${ctx.service.url}/api/v1/ontologies`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form, signal: AbortSignal.timeout(300_000) });
    const body = await created.json();
    if (created.status !== 201) throw new Error(`multipart create: ${created.status} ${JSON.stringify(body).slice(0, 300)}`);
    await waitForTerms(api, body.id, 300_000);
    ctx.log(`created ${(Buffer.byteLength(text) / MB).toFixed(1)} MB with its terms in ${Math.round(performance.now() - started)} ms`);

    const cookie = await webSessionCookie(ctx.service.url, user);
    const pagePath = `/ontologies/${body.id}`;
    const restPath = `/api/v1/ontologies/${body.id}?omit_source=true`;
    const page = async () => {
      const { status, html, ms } = await timedPage(ctx.service.url, pagePath, cookie);
      if (status !== 200 || !html.includes('<h1>web-ontology-page</h1>') || !html.includes('<dt>Size</dt>')) throw new Error(`the page answered ${status}: ${html.slice(0, 200)}`);
      return ms;
    };
    const rest = async () => {
      const begun = performance.now();
      const { status, json, text: answer } = await api.request('GET', restPath);
      const ms = performance.now() - begun;
      if (status !== 200 || json.source_bytes !== Buffer.byteLength(text)) throw new Error(`the REST read answered ${status}: ${answer.slice(0, 200)}`);
      return ms;
    };
    for (let i = 0; i < 5; i += 1) {
      await page();
      await rest();
    }
    const runs = await repeat({ times: ctx.quick ? 1 : 5, budgetMs: 90_000, log: ctx.log }, async () => {
      const pages = [];
      const rests = [];
      for (let i = 0; i < (ctx.quick ? 10 : 30); i += 1) {
        pages.push(await page());
        rests.push(await rest());
      }
      return { page: median(pages), rest: median(rests) };
    });
    ctx.log(`page p50 ms: ${runs.map((r) => r.page.toFixed(2)).join(', ')}; REST omit_source p50 ms: ${runs.map((r) => r.rest.toFixed(2)).join(', ')}`);
    return { value: median(runs.map((r) => r.page)), baseline_value: median(runs.map((r) => r.rest)) };
  },
};
