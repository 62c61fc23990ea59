import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GrowingFile, readGrowingFile, UploadStopped } from './growing-file.js';

const dir = mkdtempSync(join(tmpdir(), 'growing-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function collect(reader: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of reader) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('a file read while it is written', () => {
  it('when the file grows while it is read then the reader gets every byte in order and ends with the file', async () => {
    const file = new GrowingFile(join(dir, 'grows'));
    writeFileSync(file.path, '');
    const reading = collect(readGrowingFile(file.path, file.shared));
    const written: Buffer[] = [];
    for (let i = 0; i < 20; i += 1) {
      const piece = Buffer.alloc(100_000 + i, i);
      appendFileSync(file.path, piece);
      written.push(piece);
      file.wrote(written.reduce((sum, chunk) => sum + chunk.length, 0));
      await pause(2);
    }
    // Bytes on disk but not yet published are not read.
    appendFileSync(file.path, 'not yet');
    await pause(20);
    file.end();
    expect((await reading).equals(Buffer.concat(written))).toBe(true);
  });

  it('when the writer stops before the end then the reader fails with UploadStopped', async () => {
    const file = new GrowingFile(join(dir, 'stops'));
    writeFileSync(file.path, 'abc');
    file.wrote(3);
    const reading = collect(readGrowingFile(file.path, file.shared));
    await pause(20);
    file.stop();
    await expect(reading).rejects.toBeInstanceOf(UploadStopped);
    // Ending after a stop changes nothing.
    file.end();
    expect(file.ended).toBe(true);
    await expect(collect(readGrowingFile(file.path, file.shared))).rejects.toBeInstanceOf(UploadStopped);
  });

  it('when a size is waited for then it answers true once the file is past it, false when it ended or stopped at or below', async () => {
    const grows = new GrowingFile(join(dir, 'past'));
    const past = grows.whenPast(10);
    grows.wrote(10);
    grows.wrote(11);
    expect(await past).toBe(true);
    expect(await grows.whenPast(5)).toBe(true);

    const ends = new GrowingFile(join(dir, 'ends'));
    const never = ends.whenPast(10);
    ends.wrote(10);
    ends.end();
    expect(await never).toBe(false);

    const stops = new GrowingFile(join(dir, 'stopped'));
    const stopped = stops.whenPast(10);
    stops.stop();
    expect(await stopped).toBe(false);
  });
});
