import { describe, expect, it } from 'vitest';
import { WRITE_TX } from '../authorization/reauthorize.js';
import { termsWriteTx } from './backfill-terms.js';

describe('termsWriteTx', () => {
  it('when a commit has few terms then its write keeps the usual 30 s bound', () => {
    expect(termsWriteTx(0)).toEqual(WRITE_TX);
    expect(termsWriteTx(11_100)).toEqual(WRITE_TX);
  });

  it('when a commit has millions of terms then its write is allowed a millisecond per term', () => {
    expect(termsWriteTx(2_000_000)).toEqual({ maxWait: WRITE_TX.maxWait, timeout: 2_000_000 });
  });
});
