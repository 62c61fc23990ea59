import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyAllowanceMs, watchBody } from './body-deadline.js';

const policy = { baseMs: 1_000, minBytesPerSecond: 100 };

afterEach(() => {
  vi.useRealTimers();
});

describe('bodyAllowanceMs', () => {
  it('when nothing has arrived then the allowance is the base time', () => {
    expect(bodyAllowanceMs(0, policy)).toBe(1_000);
  });

  it('when bytes arrive then each buys 1/minBytesPerSecond of a second, rounded down', () => {
    expect(bodyAllowanceMs(100, policy)).toBe(2_000);
    expect(bodyAllowanceMs(150, policy)).toBe(2_500);
    expect(bodyAllowanceMs(1, { baseMs: 0, minBytesPerSecond: 3 })).toBe(333);
  });
});

describe('watchBody', () => {
  it('when no byte arrives then it times out once, at the base time and not before', () => {
    vi.useFakeTimers();
    const late = vi.fn();
    watchBody(policy, late, () => Date.now());
    vi.advanceTimersByTime(999);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('when bytes keep arriving then the deadline moves out by what they bought', () => {
    vi.useFakeTimers();
    const late = vi.fn();
    const watch = watchBody(policy, late, () => Date.now());
    watch.count(100);
    vi.advanceTimersByTime(1_999);
    expect(late).not.toHaveBeenCalled();
    watch.count(50);
    vi.advanceTimersByTime(500);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('when the body is complete then it never times out', () => {
    vi.useFakeTimers();
    const late = vi.fn();
    const watch = watchBody(policy, late, () => Date.now());
    vi.advanceTimersByTime(500);
    watch.stop();
    watch.stop();
    vi.advanceTimersByTime(60_000);
    expect(late).not.toHaveBeenCalled();
  });

  it('when stopped after the deadline moved out then the rescheduled check is cancelled too', () => {
    vi.useFakeTimers();
    const late = vi.fn();
    const watch = watchBody(policy, late, () => Date.now());
    watch.count(100);
    vi.advanceTimersByTime(1_500);
    watch.stop();
    vi.advanceTimersByTime(60_000);
    expect(late).not.toHaveBeenCalled();
  });
});
