import { describe, expect, it } from 'vitest';
import { createSlots } from './slots.js';

describe('slots', () => {
  it('when the limit is reached then the next holder waits until one releases, in arrival order', async () => {
    const slots = createSlots(2);
    const a = await slots.acquire();
    await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    await Promise.resolve();
    expect(order).toEqual([]);
    expect(slots.waiting).toBe(2);
    a();
    a(); // a second release of the same holder changes nothing
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(slots.inUse).toBe(2);
    expect(slots.waiting).toBe(1);
    releaseC();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect(slots.inUse).toBe(1);
  });

  it('when a waiter is aborted then it rejects with the reason and leaves the queue', async () => {
    const slots = createSlots(1);
    const release = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort(new Error('client left'));
    await expect(waiting).rejects.toThrow('client left');
    expect(slots.waiting).toBe(0);
    release();
    expect(slots.inUse).toBe(0);
    await expect(slots.acquire(controller.signal)).rejects.toThrow('client left');
  });

  it('when one key queued many waiters first then another key is served next, keys taking turns', async () => {
    const slots = createSlots(1);
    const first = await slots.acquire(undefined, 'a');
    const order: string[] = [];
    const waiters = ['a', 'a', 'a', 'b', 'b'].map((key, i) =>
      slots.acquire(undefined, key).then((release) => {
        order.push(`${key}${i}`);
        release();
      }),
    );
    first();
    await Promise.all(waiters);
    expect(order).toEqual(['a0', 'b3', 'a1', 'b4', 'a2']);
    expect(slots.inUse).toBe(0);
  });

  it('when a key holds its share then it waits while another key still gets a free slot', async () => {
    const slots = createSlots(3, { perKey: 2 });
    const a1 = await slots.acquire(undefined, 'a');
    await slots.acquire(undefined, 'a');
    let third = false;
    const a3 = slots.acquire(undefined, 'a').then((release) => ((third = true), release));
    expect(slots.tryAcquire('a')).toBeUndefined();
    await Promise.resolve();
    expect(third).toBe(false);
    const b = await slots.acquire(undefined, 'b');
    expect(slots.inUse).toBe(3);
    b();
    await Promise.resolve();
    expect(third).toBe(false); // the free slot is not a's: a holds its two
    a1();
    (await a3)();
    expect(third).toBe(true);
    expect(slots.tryAcquire('b')).toBeTypeOf('function');
  });

  it('when holders have no key then no per-key bound applies to them', async () => {
    const slots = createSlots(2, { perKey: 1 });
    await slots.acquire();
    expect(slots.tryAcquire()).toBeTypeOf('function');
    expect(slots.inUse).toBe(2);
  });

  it('when the limit is not a whole number of at least 1 then it throws', () => {
    expect(() => createSlots(0)).toThrow(RangeError);
    expect(() => createSlots(1.5)).toThrow(RangeError);
  });
});
