// SVG to PNG in headless Chromium (Debian's /usr/bin/chromium or CHROMIUM_PATH; a browser
// is never downloaded). One warm browser per process, a fresh page per job, and every
// network request refused: the page is the inline SVG and nothing else.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Renders larger than this many pixels are scaled down; the result says by how much. */
export const MAX_PIXELS = 16_000_000;
export const MAX_SIDE = 8_000;

export type Rasterized = { png: Buffer; width: number; height: number; scale: number };

export type Rasterizer = {
  toPng(svg: string, size: { width: number; height: number }): Promise<Rasterized>;
  close(): Promise<void>;
};

export function findChromium(configured?: string): string | undefined {
  const candidates = [configured, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean) as string[];
  return candidates.find((path) => existsSync(path));
}

export class ChromiumUnavailableError extends Error {}

export function createRasterizer(options: { chromiumPath?: string } = {}): Rasterizer {
  let browser: Promise<Browser> | undefined;
  const launch = () => {
    const executablePath = findChromium(options.chromiumPath);
    if (!executablePath) return Promise.reject(new ChromiumUnavailableError('no Chromium found (install Debian chromium or set CHROMIUM_PATH)'));
    return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  };
  const warm = async () => {
    browser ??= launch();
    try {
      const instance = await browser;
      if (instance.isConnected()) return instance;
    } catch (error) {
      browser = undefined;
      throw error;
    }
    browser = launch();
    return browser;
  };
  return {
    toPng: async (svg, size) => {
      const fit = Math.min(1, MAX_SIDE / Math.max(size.width, size.height, 1), Math.sqrt(MAX_PIXELS / Math.max(size.width * size.height, 1)));
      const width = Math.max(1, Math.floor(size.width * fit));
      const height = Math.max(1, Math.floor(size.height * fit));
      const context = await (await warm()).newContext({ viewport: { width, height }, javaScriptEnabled: false });
      try {
        await context.route('**/*', (route) => route.abort());
        const page = await context.newPage();
        const html = `<!doctype html><html><head><style>html,body{margin:0;background:#fff}svg{display:block;width:${width}px;height:${height}px}</style></head><body>${svg}</body></html>`;
        await page.setContent(html, { waitUntil: 'load' });
        const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } });
        return { png, width, height, scale: fit };
      } finally {
        await context.close();
      }
    },
    close: async () => {
      const pending = browser;
      browser = undefined;
      if (pending) await (await pending.catch(() => undefined))?.close();
    },
  };
}
