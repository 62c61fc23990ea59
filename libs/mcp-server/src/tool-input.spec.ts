import { describe, expect, it } from 'vitest';
import { CreateOntologyInput, ListOntologiesInput, ReadOntologyInput } from '@oms/contracts';
import { toolInput } from './tool-input.js';

async function refusal(schema: Parameters<typeof toolInput>[1], name: string, data: unknown): Promise<string> {
  const result = await toolInput(name, schema)['~standard'].validate(data);
  expect(result.issues).toHaveLength(1);
  return result.issues?.[0]?.message ?? '';
}

describe('tool input refusals', () => {
  it('when limit is out of range or not an integer then the refusal names the rule and says to call again', async () => {
    expect(await refusal(ListOntologiesInput, 'list_ontologies', { limit: 0 })).toBe(
      '`limit` must be at least 1. limit is an integer from 1 to 100 (default 20); omit it for the default. ' +
        "Correct the arguments as the tool's input schema describes and call list_ontologies again; nothing was changed.",
    );
    expect(await refusal(ListOntologiesInput, 'list_ontologies', { limit: 101 })).toMatch(/^`limit` must be at most 100\./);
    expect(await refusal(ListOntologiesInput, 'list_ontologies', { limit: 1.5 })).toMatch(/^`limit` must be an integer\./);
    expect(await refusal(ListOntologiesInput, 'list_ontologies', { offset: -1 })).toMatch(/^`offset` must be at least 0\. offset is/);
  });

  it('when required parameters are missing, unknown or malformed then each is named in plain words', async () => {
    const text = await refusal(CreateOntologyInput, 'create_ontology', { title: '', source_format: 'json', parent_id: 'x' });
    expect(text).toContain('`account_id` is required');
    expect(text).toContain('`title` must not be empty');
    expect(text).toContain('`source` is required');
    expect(text).toContain('`source_format` must be one of "yaml", "owl", "rdf", "turtle", "other", "orm"');
    expect(text).toContain('`parent_id` is not a parameter of this tool (remove it)');
    expect(text).toContain('Take account ids from list_accounts.');
    expect(text).toMatch(/call create_ontology again; nothing was changed\.$/);
    expect(await refusal(ReadOntologyInput, 'read_ontology', { id: 'abc' })).toMatch(/^`id` is not a valid id\. Copy ids from earlier results/);
  });

  it('when the arguments are valid then the parsed value with its defaults comes back unchanged', async () => {
    const result = await toolInput('list_ontologies', ListOntologiesInput)['~standard'].validate({});
    expect(result).toEqual({ value: { limit: 20, offset: 0 } });
  });
});
