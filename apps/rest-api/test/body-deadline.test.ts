// A body must arrive within BODY_TIMEOUT_MS plus one second per BODY_MIN_BYTES_PER_SECOND
// received (issue 17): one that trickles is answered 408 and its connection closed long
// before the server's 120 s request timeout; one that keeps moving is read whole.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';
import { startRawRequest } from './support/raw-http.js';

const uploadDir = mkdtempSync(join(tmpdir(), 'oms-deadline-upload-'));
const { server, users: { user } } = useTestServer({ users: ['user'], env: { BODY_TIMEOUT_MS: '500', BODY_MIN_BYTES_PER_SECOND: '1000', UPLOAD_DIR: uploadDir } });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ontologyBody(title: string, padding = 0): string {
  return JSON.stringify({ ontology: { title, source: `${TURTLE}# ${'x'.repeat(padding)}\n`, source_format: 'turtle' } });
}

describe('the body-read deadline', () => {
  it('when a body trickles slower than the minimum rate then it answers 408 within seconds, closes the connection and writes nothing', async () => {
    const body = ontologyBody('Trickled');
    const raw = await startRawRequest(server.baseUrl, {
      method: 'POST',
      path: '/api/v1/ontologies',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      firstPart: body.slice(0, 5),
    });
    const started = Date.now();
    // 10 bytes a second against 1000 required; stops on its own if the server never answers.
    let sent = 5;
    const trickle = (async () => {
      while (sent < body.length - 1 && !raw.closed() && Date.now() - started < 15_000) {
        await sleep(100);
        await raw.write(body.slice(sent, sent + 1)).catch(() => undefined);
        sent += 1;
      }
    })();
    const answer = await raw.answer(15_000);
    const took = Date.now() - started;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'request_timeout' });
    expect(answer.headers['connection']).toBe('close');
    // 0.5 s allowed plus a few bytes' worth; generous for a loaded machine, far below 120 s.
    expect(took).toBeLessThan(10_000);
    expect(await raw.closedWithin(5_000)).toBe(true);
    await trickle;
    expect(await server.db.prisma.ontology.count({ where: { title: 'Trickled' } })).toBe(0);
  });

  it('when a large body keeps arriving faster than the minimum rate then it is read whole though it takes longer than the base time', async () => {
    const body = ontologyBody('Streamed steadily', 50_000);
    const raw = await startRawRequest(server.baseUrl, {
      method: 'POST',
      path: '/api/v1/ontologies',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    });
    const started = Date.now();
    const chunk = 5_000;
    for (let at = 0; at < body.length; at += chunk) {
      await raw.write(body.slice(at, at + chunk));
      await sleep(150);
    }
    const answer = await raw.answer(15_000);
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(answer.status).toBe(201);
    expect(await server.db.prisma.ontology.count({ where: { title: 'Streamed steadily' } })).toBe(1);
  });

  it('when a sign-in body trickles then it answers 408 too (public routes read bodies the same way)', async () => {
    const body = JSON.stringify({ email: user.email, password: user.password });
    const raw = await startRawRequest(server.baseUrl, {
      method: 'POST',
      path: '/api/v1/auth',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      firstPart: body.slice(0, 3),
    });
    const answer = await raw.answer(15_000);
    expect(answer.status).toBe(408);
    expect(await raw.closedWithin(5_000)).toBe(true);
  });

  it('when a multipart upload stalls in its source part then it answers 408, closes the connection and leaves no file or ontology', async () => {
    const boundary = 'oms-test-boundary';
    const head = [
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${JSON.stringify({ ontology: { title: 'Stalled upload', source_format: 'turtle' } })}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="source"; filename="s.ttl"\r\nContent-Type: text/turtle\r\n\r\n${TURTLE}`,
    ].join('');
    const raw = await startRawRequest(server.baseUrl, {
      method: 'POST',
      path: '/api/v1/ontologies',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(Buffer.byteLength(head) + 100_000) },
      firstPart: head,
    });
    const answer = await raw.answer(15_000);
    expect(answer.status).toBe(408);
    expect(answer.headers['connection']).toBe('close');
    expect(await raw.closedWithin(5_000)).toBe(true);
    expect(await server.db.prisma.ontology.count({ where: { title: 'Stalled upload' } })).toBe(0);
    expect(readdirSync(uploadDir)).toEqual([]);
  });
});
