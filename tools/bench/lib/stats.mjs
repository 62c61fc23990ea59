// Small statistics over repeated measurements.
export function percentile(values, p) {
  if (values.length === 0) throw new Error('no measurements');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export const median = (values) => percentile(values, 50);

/** Rounds to a few significant digits for reports. */
export function round(value, digits = 3) {
  if (value === null || value === undefined || !Number.isFinite(value)) return value ?? null;
  if (value === 0) return 0;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const decimals = Math.max(0, digits - 1 - magnitude);
  return Number(value.toFixed(Math.min(decimals, 6)));
}
