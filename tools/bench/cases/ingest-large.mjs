// ingest-large (DESIGN 8): a multipart create of a 100 MB generated Turtle source, streamed from
// disk to the service, which checks, measures, hashes and stores it as streams; against N3.js
// parsing the same file from disk in the bench process (same run). The service and N3.js take
// turns; after each run the ontology is deleted and the service restarted, so the background
// terms of one run do not compete with the next.
import { deleteAndRestart, multipartCreate, parseFileWithN3, warmUp, withTurtleFile } from '../lib/large-ingest.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

// Quick: just over the synchronous terms limit (10 MiB), so the streamed path runs.
const SIZE = { quick: 12_000_000, full: 100_000_000 };

export default {
  name: 'ingest-large',
  unit: 'ms',
  goal: '<= 1.3',
  baseline: 'N3.js parsing the same file from disk in the bench process',
  run: (ctx) =>
    withTurtleFile(ctx, SIZE, 21, async (file) => {
      ctx.log(`source: ${(file.bytes / 1e6).toFixed(1)} MB of generated Turtle`);
      const { user } = await ctx.newUser('ingest-large');
      const runs = await repeat({ times: ctx.quick ? 1 : 3, budgetMs: 300_000, log: ctx.log }, async (i) => {
        await warmUp(ctx.service.url, user.token);
        const baseline = await parseFileWithN3(file.path);
        const { ms, created } = await multipartCreate(ctx.service.url, user.token, file, `ingest-large ${i}`);
        await deleteAndRestart(ctx, user.token, created.id);
        return { service: ms, baseline, triples: created.metrics?.rdf?.triples };
      });
      ctx.log(`service ms: ${runs.map((r) => Math.round(r.service)).join(', ')}; N3.js ms: ${runs.map((r) => Math.round(r.baseline)).join(', ')}; triples ${runs[0].triples}`);
      return { value: median(runs.map((r) => r.service)), baseline_value: median(runs.map((r) => r.baseline)) };
    }),
};
