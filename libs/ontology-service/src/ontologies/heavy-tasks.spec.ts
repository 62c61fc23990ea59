import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GrowingFile } from './growing-file.js';
import { runHeavyTask } from './heavy-tasks.js';

const dir = mkdtempSync(join(tmpdir(), 'heavy-tasks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MiB = 1024 * 1024;

describe('the check of an upload still arriving', () => {
  it('when the client announces 1 GiB and sends a few KB then the check holds memory for what arrived, not for the claim', async () => {
    const lines = ['@prefix ex: <http://example.org/> .'];
    for (let i = 0; i < 2000; i += 1) lines.push(`ex:t${i} a ex:Thing ; ex:label "term ${i}" .`);
    const file = new GrowingFile(join(dir, 'claimed.ttl'));
    const text = `${lines.join('\n')}\n`;
    writeFileSync(file.path, text);
    const before = process.memoryUsage().arrayBuffers;
    const verdict = runHeavyTask({ kind: 'check-file', format: 'turtle', path: file.path, bytes: 1024 * MiB, growing: { shared: file.shared, maxBytes: 1024 * MiB } });
    file.wrote(Buffer.byteLength(text));
    // The check has read what is there and waits for more: its tables are made by now.
    await pause(100);
    const held = process.memoryUsage().arrayBuffers - before;
    file.end();
    expect(await verdict).toMatchObject({ ok: true, metrics: { rdf: { triples: 4000, individuals: 2000 } } });
    // Tables sized for 1 GiB of Turtle took about 340 MB.
    expect(held).toBeLessThan(32 * MiB);
  });
});
