import { describe, expect, it } from 'vitest';
import { checkTurtle } from './check-turtle.js';

const PREFIX = '@prefix ex: <http://example.org/> .\n';

describe('checkTurtle positions', () => {
  it.each([
    ['an unknown character where a term should be', `${PREFIX}ex:a ex:b ex:c .\nex:a ex:b ~~~ .\n`, 3, 11],
    ['an undeclared prefix', `${PREFIX}  ex:a foo:b ex:c .\n`, 2, 8],
    ['a missing full stop (the next subject is where it fails)', `${PREFIX}ex:a ex:b ex:c\nex:d ex:e ex:f .\n`, 3, 1],
    ['an unterminated string (a lexer error, placed after the token before it)', `${PREFIX}ex:a ex:b "abc\n`, 2, 11],
    ['a lexer error at the start of a line after a token on an earlier one', `${PREFIX}ex:a ex:b\n   "abc\n`, 3, 4],
  ])('when the Turtle has %s then the refusal names line and column', async (_label, text, line, column) => {
    const check = await checkTurtle(text);
    expect(check).toMatchObject({ ok: false, line, column });
    if (!check.ok) expect(check.message).toMatch(new RegExp(`^line ${line}, column ${column}: `));
  });

  it('when the lines end in CRLF then the column is still counted within the line', async () => {
    const check = await checkTurtle(`${PREFIX.replace('\n', '\r\n')}ex:a ex:b ~~~ .\r\n`);
    expect(check).toMatchObject({ ok: false, line: 2, column: 11 });
  });
});
