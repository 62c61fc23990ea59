import type { CallerCredential } from '@oms/contracts';

/**
 * Who acts, and with which credential (every write re-reads it: reauthorize). A null
 * credential: an internal caller checked its own (the settings area's browser session).
 */
export type Actor = { userId: string; credential: CallerCredential | null };
