import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const REQUIRED = {
  BASE_URL: 'https://ontologies.example',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
};

/** The address express gives the sign-in limiter for a request through one proxy. */
async function addressSeen(trustProxy: boolean | number, forwardedFor: string): Promise<string | undefined> {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.get('/', (req, res) => res.send(req.ip));
  const server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': forwardedFor } })).text();
  } finally {
    server.close();
  }
}

describe('auth-server config', () => {
  it('when the required variables are missing then each is named', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((line) => line.split(':')[0]).sort()).toEqual(['BASE_URL', 'DATABASE_URL']);
  });

  it('when TRUST_PROXY is a hop count then a client cannot choose its sign-in address with X-Forwarded-For', async () => {
    const result = loadConfig({ ...REQUIRED, TRUST_PROXY: '1' });
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.config.trustProxy).toBe(1);
    // The edge appends the address it saw; the client wrote the first entry itself.
    expect(await addressSeen(result.config.trustProxy, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('when TRUST_PROXY is true or false then it keeps its meaning', () => {
    for (const [value, expected] of [['true', true], ['false', false]] as const) {
      const result = loadConfig({ ...REQUIRED, TRUST_PROXY: value });
      expect(result.ok && result.config.trustProxy).toBe(expected);
    }
    expect(loadConfig({ ...REQUIRED, TRUST_PROXY: 'yes' }).ok).toBe(false);
  });
});
