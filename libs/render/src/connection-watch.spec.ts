import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { watchConnections } from './connection-watch.js';

describe('watchConnections', () => {
  it('when every connection is ready then whenUp answers at once, and when one is closed it waits until its time is up', async () => {
    const [a, b] = [new EventEmitter(), new EventEmitter()];
    const watch = watchConnections([a, b]);
    a.emit('ready');
    expect(await watch.whenUp(20)).toBe(false);
    b.emit('ready');
    expect(await watch.whenUp(20)).toBe(true);
    b.emit('close');
    const waiting = watch.whenUp(1_000);
    setTimeout(() => b.emit('ready'), 20);
    expect(await waiting).toBe(true);
    watch.stop();
  });

  it('when a connection drops during a wait then nextDown rejects with the reason, and a cancelled one never does', async () => {
    const connection = new EventEmitter();
    const watch = watchConnections([connection]);
    connection.emit('ready');
    const cancelled = watch.nextDown(() => new Error('cancelled one'));
    cancelled.cancel();
    const lost = watch.nextDown(() => new Error('lost'));
    connection.emit('close');
    await expect(lost.promise).rejects.toThrow('lost');
    let settled = false;
    cancelled.promise.catch(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
  });
});
