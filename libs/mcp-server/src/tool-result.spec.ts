import { describe, expect, it } from 'vitest';
import { AppError } from '@oms/domain';
import { failure, ok, runTool } from './tool-result.js';

describe('tool results', () => {
  it('when a tool succeeds then the same JSON is structured content and text', () => {
    const result = ok({ a: 1 });
    expect(result.structuredContent).toEqual({ a: 1 });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({ a: 1 });
  });

  it('when a field is invalid then the error names it and says what to do next', () => {
    const result = failure(AppError.validation({ account_id: ['is not an account you belong to'] }));
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/account_id is not an account you belong to.*list_accounts/);
  });

  it('when something unexpected fails then no internal detail leaks', async () => {
    const result = await runTool(async () => {
      throw new Error('connection to 10.0.0.5 refused at db.ts:12');
    });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).not.toMatch(/10\.0\.0\.5|db\.ts/);
  });

  it('when a database or queue the call needs is unavailable then the agent is told to retry and to check a write before repeating it', () => {
    const text = (failure(new AppError('unavailable')).content[0] as { text: string }).text;
    expect(text).toMatch(/temporarily unavailable.*Retry in a few seconds/);
    expect(text).toMatch(/read it back/);
  });

  it('when a source has no position to name then the advice does not promise one', () => {
    const text = (failure(AppError.validation({ source: ['the document is empty'] })).content[0] as { text: string }).text;
    expect(text).toMatch(/^Invalid input: source the document is empty\./);
    expect(text).not.toMatch(/position given/);
    expect(text).toMatch(/whole corrected source/);
  });

  it('when a non-member writes then the reason is said once with what to do instead', () => {
    const text = (failure(new AppError('forbidden', { message: 'Only members of the owning account can change this ontology.' })).content[0] as { text: string })
      .text;
    expect(text.match(/Only members of the owning account/g)).toHaveLength(1);
    expect(text).toMatch(/list_accounts.*create_ontology/);
  });
});
