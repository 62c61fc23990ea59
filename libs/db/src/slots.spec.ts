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

  it('when the limit is not a whole number of at least 1 then it throws', () => {
    expect(() => createSlots(0)).toThrow(RangeError);
    expect(() => createSlots(1.5)).toThrow(RangeError);
  });
});
