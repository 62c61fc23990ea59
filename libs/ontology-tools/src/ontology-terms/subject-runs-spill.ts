// Sorted runs of (subject, statements) pairs spilled to files and merged back in subject order,
// so the statements of a large graph need not all be held at once (DESIGN 8: terms of large
// sources in bounded memory). A subject's statements may be spread over the whole document
// (Turtle lets a subject come back anywhere), so each spill is one sorted run and the merge
// joins a subject's pieces from every run, in the order the runs were written (document order).
// Strings are stored as UTF-16 code units, so every string comes back exactly (a lone surrogate
// from an escape in a literal included).
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

const WRITE_BUFFER_BYTES = 1 << 20;
const READ_BUFFER_BYTES = 1 << 20;
const HEADER_BYTES = 8;

/** Writes one sorted run: records of (subject, body), subjects ascending in code-unit order. */
/** Writes the first `length` bytes of `buffer` to `fd`, however many writes that takes. */
export function writeAll(fd: number, buffer: Buffer, length = buffer.length): void {
  let at = 0;
  while (at < length) at += writeSync(fd, buffer, at, length - at);
}

export function writeSortedRun(path: string, entries: Iterable<[string, string]>): void {
  const fd = openSync(path, 'wx');
  try {
    let buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
    let used = 0;
    const flush = () => {
      writeAll(fd, buffer, used);
      used = 0;
    };
    for (const [subject, body] of entries) {
      const size = HEADER_BYTES + 2 * (subject.length + body.length);
      if (used + size > buffer.length) {
        flush();
        if (size > buffer.length) buffer = Buffer.allocUnsafe(size);
      }
      buffer.writeUInt32LE(subject.length, used);
      buffer.writeUInt32LE(body.length, used + 4);
      used += HEADER_BYTES;
      used += buffer.write(subject, used, 'utf16le');
      used += buffer.write(body, used, 'utf16le');
    }
    flush();
  } finally {
    closeSync(fd);
  }
}

/** Reads a run back record by record. */
class RunReader {
  private buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  private start = 0;
  private end = 0;
  private eof = false;
  subject: string | undefined;
  body = '';

  constructor(private readonly fd: number) {}

  /** Has at least `bytes` unread bytes in the buffer unless the file ends first. */
  private fill(bytes: number): boolean {
    if (this.end - this.start >= bytes) return true;
    if (this.start > 0) {
      this.buffer.copy(this.buffer, 0, this.start, this.end);
      this.end -= this.start;
      this.start = 0;
    }
    if (bytes > this.buffer.length) {
      const grown = Buffer.allocUnsafe(bytes);
      this.buffer.copy(grown, 0, 0, this.end);
      this.buffer = grown;
    }
    while (!this.eof && this.end < bytes) {
      const read = readSync(this.fd, this.buffer, this.end, this.buffer.length - this.end, null);
      if (read === 0) this.eof = true;
      this.end += read;
    }
    return this.end - this.start >= bytes;
  }

  /** Moves to the next record; false at the end of the run. */
  next(): boolean {
    if (!this.fill(HEADER_BYTES)) {
      if (this.end > this.start) throw new Error('a spilled run of term statements ends inside a record');
      this.subject = undefined;
      return false;
    }
    const subjectUnits = this.buffer.readUInt32LE(this.start);
    const bodyUnits = this.buffer.readUInt32LE(this.start + 4);
    const size = HEADER_BYTES + 2 * (subjectUnits + bodyUnits);
    if (!this.fill(size)) throw new Error('a spilled run of term statements ends inside a record');
    const at = this.start + HEADER_BYTES;
    this.subject = this.buffer.toString('utf16le', at, at + 2 * subjectUnits);
    this.body = this.buffer.toString('utf16le', at + 2 * subjectUnits, at + 2 * (subjectUnits + bodyUnits));
    this.start += size;
    return true;
  }
}

/**
 * The runs merged: each subject once, in code-unit order, with the bodies it has in the runs in
 * run order. Files are opened as the merge starts and closed when it ends (or is abandoned).
 */
export function* mergeSortedRuns(paths: readonly string[]): Generator<[string, string[]]> {
  const fds = paths.map((path) => openSync(path, 'r'));
  try {
    const readers = fds.map((fd) => new RunReader(fd));
    for (const reader of readers) reader.next();
    for (;;) {
      let least: string | undefined;
      for (const reader of readers) {
        if (reader.subject !== undefined && (least === undefined || reader.subject < least)) least = reader.subject;
      }
      if (least === undefined) return;
      const bodies: string[] = [];
      for (const reader of readers) {
        if (reader.subject === least) {
          bodies.push(reader.body);
          reader.next();
        }
      }
      yield [least, bodies];
    }
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}
