import { describe, expect, it } from 'vitest';
import { stretchedWriteTx, WRITE_TX } from './reauthorize.js';

describe('stretchedWriteTx', () => {
  it('when a commit has few terms then its write keeps the usual 30 s bound', () => {
    expect(stretchedWriteTx(0, 1)).toEqual(WRITE_TX);
    expect(stretchedWriteTx(11_100, 1)).toEqual(WRITE_TX);
  });

  it('when a commit has millions of terms then its write is allowed a millisecond per term, and waits for its connection as any write', () => {
    expect(stretchedWriteTx(2_000_000, 1)).toEqual({ maxWait: WRITE_TX.maxWait, timeout: 2_000_000 });
  });

  it('when a source up to 30 MB is stored then its write may take 30 s and wait as long for its turn', () => {
    expect(stretchedWriteTx(0, 1000, { waitAsLong: true })).toEqual({ maxWait: 30_000, timeout: 30_000 });
    expect(stretchedWriteTx(30_000_000, 1000, { waitAsLong: true })).toEqual({ maxWait: 30_000, timeout: 30_000 });
  });

  it('when a large source is stored then its write is allowed a millisecond per kB, rounded up, and may wait as long', () => {
    expect(stretchedWriteTx(200_000_001, 1000, { waitAsLong: true })).toEqual({ maxWait: 200_001, timeout: 200_001 });
    expect(stretchedWriteTx(1024 ** 3, 1000, { waitAsLong: true })).toEqual({ maxWait: 1_073_742, timeout: 1_073_742 });
  });
});
