import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './web-session.js';

describe('safeReturnPath', () => {
  it('when the address is a path of this origin then it is kept', () => {
    for (const path of ['/', '/ontologies', '/ontologies/x/terms?iri=http%3A%2F%2Fa%2Fb', '/search?q=heart&page=2']) expect(safeReturnPath(path)).toBe(path);
  });

  it('when the address could name another origin or is not a plain path then it is refused', () => {
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'evil', '', '/a b', '/a\nb', `/${'a'.repeat(2001)}`, undefined, ['/x']]) {
      expect(safeReturnPath(value), String(value)).toBeUndefined();
    }
  });
});
