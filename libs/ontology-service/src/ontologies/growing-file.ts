// A file that is still being written (an upload's spool), read by another thread as it grows
// (DESIGN 8: the source is checked while it arrives). The writer publishes how many bytes are on
// disk and whether the upload ended or was stopped in a few shared bytes; the reader reads the
// file itself up to there, so nothing large crosses threads.
import { open, type FileHandle } from 'node:fs/promises';

const ARRIVING = 0n;
const DONE = 1n;
const STOPPED = 2n;
/** How long a reader that caught up with the writer waits before it looks again. */
const POLL_MS = 4;
/** Bytes read at a time. */
const READ_BYTES = 256 * 1024;

/** The reader's answer when the writer stopped (the upload failed, was cut off or is no longer wanted). */
export class UploadStopped extends Error {
  constructor() {
    super('the upload stopped before its end');
  }
}

/** The writer's side: publishes progress; `shared` is what a reader in another thread is given. */
export class GrowingFile {
  /** [bytes on disk, state], as 64-bit integers. */
  readonly shared = new SharedArrayBuffer(16);
  private readonly view = new BigInt64Array(this.shared);
  private waiters: { past: number; resolve: (past: boolean) => void }[] = [];

  constructor(readonly path: string) {}

  get written(): number {
    return Number(Atomics.load(this.view, 0));
  }

  get ended(): boolean {
    return Atomics.load(this.view, 1) !== ARRIVING;
  }

  /** `total` bytes are on disk now. */
  wrote(total: number): void {
    if (this.ended) return;
    Atomics.store(this.view, 0, BigInt(total));
    this.settle((waiter) => total > waiter.past, true);
  }

  /** Every byte is on disk (a no-op once stopped). */
  end(): void {
    if (this.ended) return;
    Atomics.store(this.view, 1, DONE);
    this.settle(() => true, false);
  }

  /** The upload stopped, or what reads it is no longer wanted: a reader throws UploadStopped at its next read. */
  stop(): void {
    Atomics.store(this.view, 1, STOPPED);
    this.settle(() => true, false);
  }

  /** True once more than `bytes` are on disk; false when the file ended (or stopped) at or below. */
  whenPast(bytes: number): Promise<boolean> {
    if (this.written > bytes) return Promise.resolve(true);
    if (this.ended) return Promise.resolve(false);
    return new Promise((resolve) => this.waiters.push({ past: bytes, resolve }));
  }

  private settle(matches: (waiter: { past: number }) => boolean, answer: boolean): void {
    const left: typeof this.waiters = [];
    for (const waiter of this.waiters) {
      if (matches(waiter)) waiter.resolve(answer);
      else left.push(waiter);
    }
    this.waiters = left;
  }
}

/**
 * The bytes of a growing file as they are written (`shared`: GrowingFile.shared, from any
 * thread), ending with the file; UploadStopped when the writer stopped first.
 */
export async function* readGrowingFile(path: string, shared: SharedArrayBuffer): AsyncGenerator<Uint8Array> {
  const view = new BigInt64Array(shared);
  let handle: FileHandle | undefined;
  let position = 0;
  try {
    for (;;) {
      // The state first: once it says done, the size read after it is final.
      const state = Atomics.load(view, 1);
      const written = Number(Atomics.load(view, 0));
      if (state === STOPPED) throw new UploadStopped();
      if (position < written) {
        handle ??= await open(path, 'r');
        const length = Math.min(READ_BYTES, written - position);
        const buffer = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        if (bytesRead === 0) throw new Error(`the spooled file ended at ${position} bytes, ${written} were written`);
        position += bytesRead;
        yield bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
        continue;
      }
      if (state === DONE) return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await handle?.close();
  }
}
