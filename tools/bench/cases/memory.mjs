// memory (DESIGN 8: nothing holds a whole large source in memory): the REST service's resident
// memory while a 500 MB generated Turtle source is created by multipart (spooled, checked and
// measured in the worker thread, hashed and stored, all as streams), sampled every 10 ms from
// /proc against its value just before. Baseline: the 300 MB budget (ratio <= 1 meets it). The ontology is deleted and
// the service restarted afterwards, so its background terms do not run into the next case.
import { deleteAndRestart, multipartCreate, warmUp, warmUpLarge, withTurtleFile } from '../lib/large-ingest.mjs';
import { rssMiB, sampleRss } from '../lib/rss-sampler.mjs';

const SIZE = { quick: 12_000_000, full: 500_000_000 };
const MB = 1e6;
const BUDGET_MB = 300;

export default {
  name: 'memory',
  unit: 'MB',
  goal: '<= 1',
  baseline: 'the budget: 300 MB of RSS growth (DESIGN 8 bench goal)',
  run: (ctx) =>
    withTurtleFile(ctx, SIZE, 22, async (file) => {
      const service = await ctx.restartService();
      // Every replica on the cluster (the edge picks one): their growths are summed.
      const processes = service.processes('rest-api');
      if (processes.length === 0) throw new Error('the target names no process serving REST');
      const { user } = await ctx.newUser('memory');
      // The worker threads started (requests', upload checks', background terms'), as in a service that has been serving large uploads.
      await warmUp(service.url, user.token);
      if (!ctx.quick) await warmUpLarge(service.url, user.token);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = processes.map(({ pid }) => rssMiB(pid));
      const samplers = processes.map(({ pid }) => sampleRss(pid, { maxMs: 900_000 }));
      const ingest = await multipartCreate(service.url, user.token, file, 'memory').catch((error) => ({ error }));
      const peaks = await Promise.all(samplers.map((sampler) => sampler.stop()));
      if (ingest.error) throw ingest.error;
      const { ms, created } = ingest;
      const MiB = 1024 * 1024;
      const growth = peaks.reduce((sum, peak, i) => sum + Math.max(0, peak.peakMiB - before[i]), 0) * (MiB / MB);
      const list = (values) => values.map((value) => ((value * MiB) / MB).toFixed(0)).join('+');
      ctx.log(
        `source ${(file.bytes / MB).toFixed(0)} MB ingested in ${(ms / 1000).toFixed(1)} s; RSS before ${list(before)} MB, peak ${list(peaks.map((peak) => peak.peakMiB))} MB ` +
          `(${peaks.map((peak) => peak.samples).join('+')} samples); triples ${created.metrics?.rdf?.triples}; growth ${growth.toFixed(0)} MB`,
      );
      await deleteAndRestart(ctx, user.token, created.id);
      return { value: growth, baseline_value: BUDGET_MB };
    }),
};
