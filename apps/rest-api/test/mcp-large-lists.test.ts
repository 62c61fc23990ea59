// MCP list tools hold a whole page in memory (a tool result is one JSON value): a page of large
// sources is refused with the limit that fits, never built.
import { describe, expect, it } from 'vitest';
import { connectMcp, resultJson, resultText } from '@oms/testing';
import { createOntology, signUpUser } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer();

describe('list tools and large sources', () => {
  it('when a page would carry more than 16 MB of sources then it is an isError result naming the limit that fits, and that limit works', async () => {
    const user = await signUpUser(server);
    const big = (letter: string) => `${letter.repeat(9 * 1024 * 1024)}\n`;
    const older = await createOntology(server, user.token, { title: 'Large A', source: big('a'), source_format: 'other', visibility: 'private' });
    const newer = await createOntology(server, user.token, { title: 'Large B', source: big('b'), source_format: 'other', visibility: 'private' });
    const client = await connectMcp(server.baseUrl, user.token, 'modern');
    try {
      const refused = await client.callTool({ name: 'search_ontologies', arguments: { query: 'Large', limit: 2 } });
      expect(refused.isError).toBe(true);
      expect(resultText(refused)).toMatch(/holds 18\.0 MB of sources.*call again with limit 1 \(same offset\)/);

      const first = await client.callTool({ name: 'search_ontologies', arguments: { query: 'Large', limit: 1 } });
      expect(first.isError).toBeFalsy();
      expect(resultJson(first)).toMatchObject({ total: 2, has_more: true, ontologies: [{ id: newer.id }] });
      const second = await client.callTool({ name: 'search_ontologies', arguments: { query: 'Large', limit: 1, offset: 1 } });
      expect(resultJson(second)).toMatchObject({ has_more: false, ontologies: [{ id: older.id }] });
      expect(resultJson(second).ontologies[0].source).toHaveLength(9 * 1024 * 1024 + 1);
    } finally {
      await client.close();
    }
  }, 60_000);
});
