/** True for a unique-constraint violation, however the driver adapter reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown }; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } } | null;
  return (
    e?.code === 'P2002' ||
    e?.code === '23505' ||
    e?.cause?.code === '23505' ||
    e?.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation'
  );
}

/** The error and the causes it wraps (Prisma and the driver adapter nest them), at most five deep. */
function* causeChain(error: unknown): Generator<unknown> {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

const UNAVAILABLE_PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const UNAVAILABLE_PG = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// "Client has encountered a connection error and is not queryable": node-postgres, for a pooled client
// whose backend was terminated while a transaction held it.
const UNAVAILABLE_MESSAGE =
  /ECONNREFUSED|ECONNRESET|Connection terminated|terminating connection|connection timeout|timeout exceeded when trying to connect|encountered a connection error/i;

/**
 * True when the database could not be reached or dropped the connection (a restart, a
 * failover, terminated backends): the request may succeed when retried, so it is a 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causeChain(error)) {
    const candidate = e as { code?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } } };
    if (typeof candidate.code === 'string' && (UNAVAILABLE_PRISMA.has(candidate.code) || UNAVAILABLE_PG.has(candidate.code))) return true;
    const adapter = candidate.meta?.driverAdapterError?.cause;
    if (typeof adapter?.kind === 'string' && UNAVAILABLE_KINDS.has(adapter.kind)) return true;
    if (typeof adapter?.originalCode === 'string' && UNAVAILABLE_PG.has(adapter.originalCode)) return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
  }
  return false;
}

/**
 * The name of the foreign key a write violated (e.g. `ontologies_parent_id_fkey`: the row it
 * pointed at was deleted meanwhile), however the driver reports it; undefined for other errors.
 */
export function violatedForeignKey(error: unknown): string | undefined {
  for (const e of causeChain(error)) {
    const candidate = e as {
      code?: unknown;
      constraint?: unknown;
      meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; kind?: unknown; constraint?: unknown } } };
    };
    if (candidate.code === '23503' && typeof candidate.constraint === 'string') return candidate.constraint;
    const adapter = candidate.meta?.driverAdapterError?.cause;
    if (adapter && (adapter.originalCode === '23503' || adapter.kind === 'ForeignKeyConstraintViolation')) {
      const constraint = adapter.constraint as { index?: unknown } | string | undefined;
      const name = typeof constraint === 'string' ? constraint : constraint?.index;
      return typeof name === 'string' ? name : 'unknown';
    }
  }
  return undefined;
}
