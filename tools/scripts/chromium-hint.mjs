// The one line `npm start` prints when no Chromium is found: the service still serves, but
// every diagram (PNG) fails until one is installed. The same places as libs/render's findChromium.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The warning line, or undefined when a browser is there. `exists` is replaceable for tests. */
export function chromiumHint(env, exists = existsSync) {
  const configured = env.CHROMIUM_PATH;
  const candidates = [configured, ...CHROMIUM_CANDIDATES].filter(Boolean);
  if (candidates.some((file) => exists(file))) return undefined;
  const where = configured ? `at CHROMIUM_PATH=${configured} nor ${CHROMIUM_CANDIDATES.join(', ')}` : `at ${CHROMIUM_CANDIDATES.join(', ')}`;
  return `[start] warning: no Chromium ${where}: the service runs, but every diagram (PNG) fails; install it (apt-get install -y chromium) or set CHROMIUM_PATH`;
}
