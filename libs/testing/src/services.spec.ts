import { describe, expect, it } from 'vitest';
import { suiteCanRun } from './services.js';

describe('suiteCanRun', () => {
  it('when everything is here then the suite runs, with or without REQUIRE_SERVICES', () => {
    expect(suiteCanRun('s', { PostgreSQL: true, Redis: true }, {})).toBe(true);
    expect(suiteCanRun('s', { PostgreSQL: true }, { REQUIRE_SERVICES: '1' })).toBe(true);
  });

  it('when something is missing then the suite skips, unless REQUIRE_SERVICES=1 makes it an error naming what is missing', () => {
    expect(suiteCanRun('s', { PostgreSQL: false, Redis: true }, {})).toBe(false);
    expect(suiteCanRun('s', { PostgreSQL: false }, { REQUIRE_SERVICES: '0' })).toBe(false);
    expect(() => suiteCanRun('the faults suite', { PostgreSQL: false, Redis: true, nginx: false }, { REQUIRE_SERVICES: '1' })).toThrow(
      'REQUIRE_SERVICES=1 but the faults suite cannot run without PostgreSQL, nginx',
    );
  });
});
