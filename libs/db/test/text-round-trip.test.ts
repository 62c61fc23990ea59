// Text comes back exactly as stored on both backends. PGlite 0.5.16 decoded every text value
// with a TextDecoder that drops a leading byte order mark, so sources saved by NORMA (which
// start with one) lost it on the embedded database; patches/ fixes that, and this guards it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends, type TestDatabase } from '../src/testing.js';

const SAMPLES = ['\uFEFF<?xml version="1.0"?>\r\n<root/>\r\n', '\uFEFF\uFEFFtwo marks', 'no mark \uFEFF inside', '  leading and trailing  \n'];

describe.each(testBackends())('text values on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ backend });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it.each(SAMPLES)('when %j is read back through raw SQL then every character is there', async (text) => {
    const rows = await db.sql.query<{ value: string; chars: number }>('SELECT $1::text AS "value", char_length($1::text) AS "chars"', [text]);
    expect(rows[0]?.value).toBe(text);
    expect(rows[0]?.chars).toBe([...text].length);
  });

  it.each(SAMPLES)('when %j is read back through Prisma then every character is there', async (text) => {
    const rows = await db.prisma.$queryRaw<{ value: string }[]>`SELECT ${text}::text AS "value"`;
    expect(rows[0]?.value).toBe(text);
  });
});
