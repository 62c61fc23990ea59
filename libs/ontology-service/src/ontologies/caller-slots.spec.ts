import { describe, expect, it } from 'vitest';
import { createCallerSlots } from './caller-slots.js';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe('caller slots', () => {
  it('when a caller holds all their slots then the next request is refused with 429 and retry_after, others are not', async () => {
    const slots = createCallerSlots({ perCaller: 2, retryAfterSeconds: 5 });
    const { opened, open } = gate();
    const running = [slots.run('alice', () => opened), slots.run('alice', () => opened)];
    const refused = await slots.run('alice', async () => 'ran').then(() => null, (error: unknown) => error);
    expect(refused).toMatchObject({ code: 'rate_limited', httpStatus: 429, details: { retry_after: 5 } });
    expect(await slots.run('bob', async () => 'ran')).toBe('ran');
    open();
    await Promise.all(running);
    expect(slots.held('alice')).toBe(0);
    expect(await slots.run('alice', async () => 'ran')).toBe('ran');
  });

  it('when the work fails then its slot is given back', async () => {
    const slots = createCallerSlots({ perCaller: 1, retryAfterSeconds: 5 });
    await expect(slots.run('alice', async () => Promise.reject(new Error('parse failed')))).rejects.toThrow('parse failed');
    expect(slots.held('alice')).toBe(0);
    expect(await slots.run('alice', async () => 'ran')).toBe('ran');
  });
});
