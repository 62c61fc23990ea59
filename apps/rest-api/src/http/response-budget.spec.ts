import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AppError } from '@oms/domain';
import { createResponseBudget } from './response-budget.js';

const response = () => new ServerResponse(new IncomingMessage(new Socket()));
const codeOf = (run: () => void) => {
  try {
    run();
    return 'held';
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
};

describe('response budget', () => {
  it("when a user's answers in flight would pass the user's share then the next is refused with 429 until one closes", () => {
    const budget = createResponseBudget({ perKeyBytes: 100, totalBytes: 1_000, retryAfterSeconds: 5 });
    const first = response();
    budget.hold(first, 'ann', 60);
    expect(codeOf(() => budget.hold(response(), 'ann', 60))).toBe('rate_limited');
    // Another user is not affected.
    expect(codeOf(() => budget.hold(response(), 'bob', 60))).toBe('held');
    first.emit('close');
    expect(codeOf(() => budget.hold(response(), 'ann', 60))).toBe('held');
    expect(budget.used).toBe(120);
  });

  it('when the whole budget is taken then the next answer is refused with 503', () => {
    const budget = createResponseBudget({ perKeyBytes: 100, totalBytes: 150, retryAfterSeconds: 5 });
    budget.hold(response(), 'ann', 80);
    expect(codeOf(() => budget.hold(response(), 'bob', 80))).toBe('unavailable');
  });

  it('when one answer is larger than a share and nothing else is held then it still goes', () => {
    const budget = createResponseBudget({ perKeyBytes: 100, totalBytes: 150, retryAfterSeconds: 5 });
    expect(codeOf(() => budget.hold(response(), 'ann', 500))).toBe('held');
  });
});
