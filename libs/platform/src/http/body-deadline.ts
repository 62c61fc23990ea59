// How long a request body may take to arrive (issue 17): a few seconds for a small body, and
// for a large one at least a minimum transfer rate. The allowance grows with the bytes
// received so far, so a body that trickles is cut off after `baseMs` whatever size it
// claims, while a large upload that keeps moving is never cut off.

export type BodyDeadlinePolicy = {
  /** What any body gets, however small. */
  baseMs: number;
  /** Each byte received buys 1/minBytesPerSecond of a second more. */
  minBytesPerSecond: number;
};

/** The time from the start of the body a sender of `receivedBytes` so far may take. */
export function bodyAllowanceMs(receivedBytes: number, policy: BodyDeadlinePolicy): number {
  return policy.baseMs + Math.floor((receivedBytes * 1000) / policy.minBytesPerSecond);
}

/**
 * Watches a body as it arrives and calls `onTimeout` once when it is late; `stop()` when the
 * body is complete (or failed). `count(n)` records n more bytes received.
 */
export function watchBody(
  policy: BodyDeadlinePolicy,
  onTimeout: () => void,
  now: () => number = Date.now,
): { count(bytes: number): void; stop(): void } {
  const started = now();
  let received = 0;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const remaining = started + bodyAllowanceMs(received, policy) - now();
    if (remaining > 0) {
      timer = setTimeout(check, remaining);
      return;
    }
    timer = undefined;
    onTimeout();
  };
  timer = setTimeout(check, policy.baseMs);
  return {
    count: (bytes) => {
      received += bytes;
    },
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
