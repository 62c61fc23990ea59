// Peak resident memory (VmRSS) of another process, sampled every 10 ms from
// /proc/<pid>/status on a worker thread, so a busy main thread does not miss peaks.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
let peak = 0, samples = 0;
const started = Date.now();
const sample = () => {
  try {
    const match = /^VmRSS:\\s+(\\d+)\\s+kB/m.exec(readFileSync('/proc/' + workerData.pid + '/status', 'utf8'));
    if (match) { peak = Math.max(peak, Number(match[1])); samples += 1; }
  } catch {}
};
const timer = setInterval(() => {
  sample();
  if (Date.now() - started > workerData.maxMs) finish();
}, workerData.intervalMs);
function finish() { clearInterval(timer); parentPort.postMessage({ peakKiB: peak, samples }); }
parentPort.on('message', () => { sample(); finish(); });
sample();
`;

/** Starts sampling; `stop()` resolves to { peakMiB, samples }. Stops by itself after maxMs. */
export function sampleRss(pid, { intervalMs = 10, maxMs = 300_000 } = {}) {
  const worker = new Worker(WORKER, { eval: true, workerData: { pid, intervalMs, maxMs } });
  const result = new Promise((resolve, reject) => {
    worker.once('message', (message) => resolve({ peakMiB: message.peakKiB / 1024, samples: message.samples }));
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const value = await result;
      await worker.terminate();
      return value;
    },
  };
}
