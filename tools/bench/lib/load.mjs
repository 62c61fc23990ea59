// HTTP load with autocannon (in this process): requests per second over a fixed duration;
// any non-2xx answer or socket error makes the measurement invalid.
import autocannon from 'autocannon';

export async function requestsPerSecond({ url, headers, connections, seconds }) {
  const result = await autocannon({ url, headers, connections, duration: seconds, timeout: 30 });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`load on ${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  if (result.requests.total === 0) throw new Error(`load on ${url}: no request completed`);
  return result.requests.total / result.duration;
}
