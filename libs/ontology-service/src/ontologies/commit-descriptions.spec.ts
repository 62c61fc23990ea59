import { describeSource } from '@oms/ontology-tools';
import { describe, expect, it } from 'vitest';
import { createCommitDescriptions } from './commit-descriptions.js';

const inline = { describe: async (format: Parameters<typeof describeSource>[0], text: string) => describeSource(format, text) };

describe('commit descriptions', () => {
  it('when a JSON commit is described twice then its source is read once', async () => {
    const descriptions = createCommitDescriptions(inline);
    let reads = 0;
    const source = () => {
      reads += 1;
      return '{"@context": {"name": "http://schema.org/name"}, "name": "x"}';
    };
    const commit = { commitHash: 'a'.repeat(64), sourceFormat: 'json' };
    expect(await descriptions.of(commit, source)).toMatchObject({ mediaType: 'application/ld+json', native: 'jsonld' });
    expect(await descriptions.of(commit, source)).toMatchObject({ native: 'jsonld' });
    expect(reads).toBe(1);
  });

  it('when a Turtle commit is described then its source is never read', async () => {
    const descriptions = createCommitDescriptions(inline);
    const description = await descriptions.of({ commitHash: 'b'.repeat(64), sourceFormat: 'turtle' }, () => {
      throw new Error('read');
    });
    expect(description).toEqual({ mediaType: 'text/turtle', extension: 'ttl', native: 'turtle' });
  });
});
