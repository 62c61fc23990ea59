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
