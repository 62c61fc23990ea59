import { afterEach, describe, expect, it } from 'vitest';
import { writeCommitTerms, type TermSql } from './term-writes.js';

const ONTOLOGY = '0190c000-0000-7000-8000-000000000001';

describe('writeCommitTerms', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => void unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', record);
    unhandled.length = 0;
  });

  it('when a statement fails while the next one is built then the write rejects with its error and no rejection is left unhandled', async () => {
    process.on('unhandledRejection', record);
    const statements: string[] = [];
    // Fails at once, as a query on an expired transaction does.
    const sql: TermSql = {
      query: (text) => {
        statements.push(text);
        return Promise.reject(new Error('transaction expired'));
      },
    };
    const write = writeCommitTerms(sql, ONTOLOGY, 2, {
      ended: Array.from({ length: 1500 }, (_, i) => `http://example.org/t${i}`),
      started: [],
      stateOf: () => {
        throw new Error('no state is built');
      },
      changes: [],
      childCounts: [],
    });
    await expect(write).rejects.toThrow('transaction expired');
    // Node reports an unhandled rejection after the event loop turns.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
    expect(statements).toHaveLength(1);
  });

  it('when a commit ends head states then their IRIs go as one array parameter, which the head index answers', async () => {
    const statements: { text: string; params: unknown[] }[] = [];
    const sql: TermSql = {
      query: <T>(text: string, params: unknown[] = []) => {
        statements.push({ text, params });
        return Promise.resolve([] as T[]);
      },
    };
    const ended = Array.from({ length: 1001 }, (_, i) => `http://example.org/t${i}`);
    await writeCommitTerms(sql, ONTOLOGY, 2, { ended, started: [], stateOf: () => ({}) as never, changes: [], childCounts: [] });
    expect(statements.map(({ text }) => text.includes('"iri" = ANY($3::text[])'))).toEqual([true, true]);
    expect(statements.flatMap(({ params }) => params[2] as string[])).toEqual(ended);
  });

  it('when the first commit writes its children counts then it inserts them without looking for earlier rows', async () => {
    const statements: { text: string; params: unknown[] }[] = [];
    const sql: TermSql = {
      query: <T>(text: string, params: unknown[] = []) => {
        statements.push({ text, params });
        return Promise.resolve([] as T[]);
      },
    };
    const childCounts = [{ parent_iri: 'http://example.org/p', children: 2, live_children: 1 }];
    await writeCommitTerms(sql, ONTOLOGY, 1, { ended: [], started: [], stateOf: () => ({}) as never, changes: [], childCounts });
    await writeCommitTerms(sql, ONTOLOGY, 2, { ended: [], started: [], stateOf: () => ({}) as never, changes: [], childCounts });
    expect(statements[0]?.text).toMatch(/^INSERT INTO "term_child_counts"/);
    expect(statements[0]?.text).not.toContain('UPDATE');
    // A later commit finds the head rows it ends by the index: the batch's parents as an array.
    expect(statements[1]?.text).toContain('"parent_iri" = ANY($4::text[])');
    expect(statements[1]?.params[3]).toEqual(['http://example.org/p']);
  });
});
