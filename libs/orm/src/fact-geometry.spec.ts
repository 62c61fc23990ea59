import { describe, expect, it } from 'vitest';
import { assignRows, barRowCount, CONSTRAINT_ROW, factShapeSize, placeBars, placeRoles, ROLE_LONG, ROLE_SHORT, type FactFrame } from './fact-geometry.js';
import type { OrmConstraint } from './model.js';

const horizontal: FactFrame = { orientation: 'horizontal', constraintPosition: 'top', objectified: false };
const uc = (id: string, roles: string[], preferred = false): OrmConstraint => ({
  id,
  name: id,
  kind: 'uniqueness',
  isInternal: true,
  modality: 'alethic',
  roleSequences: [roles],
  ...(preferred ? { preferredIdentifierFor: 'x' } : {}),
});

describe('fact type geometry', () => {
  it("when NORMA's binary shape size is rebuilt then it matches the size saved in .orm files", () => {
    const size = factShapeSize(2, 1, horizontal);
    expect(size.width / 96).toBeCloseTo(0.38388888899236917, 6);
    expect(size.height / 96).toBeCloseTo(0.24388888899236916, 6);
    const objectified = factShapeSize(2, 1, { ...horizontal, objectified: true });
    expect(objectified.width / 96).toBeCloseTo(0.51388888899236917, 6);
    expect(objectified.height / 96).toBeCloseTo(0.30588888899236916, 6);
  });

  it('when roles are placed in a horizontal shape with bars on top then they sit at the bottom, centred', () => {
    const box = { x: 0, y: 0, ...factShapeSize(2, 1, horizontal) };
    const [first, second] = placeRoles(box, 2, horizontal);
    expect(first?.x).toBeCloseTo((box.width - 2 * ROLE_LONG) / 2);
    expect(second?.x).toBeCloseTo((first?.x ?? 0) + ROLE_LONG);
    expect((first?.y ?? 0) + ROLE_SHORT).toBeLessThan(box.height);
    expect(first?.y).toBeGreaterThan(CONSTRAINT_ROW);
  });

  it('when a shape is rotated then the roles stack vertically, first at the bottom when rotated left', () => {
    const right = placeRoles({ x: 0, y: 0, width: 30, height: 60 }, 3, { ...horizontal, orientation: 'verticalRotatedRight' });
    expect(right.map((role) => role.y)).toEqual([...right.map((role) => role.y)].sort((a, b) => a - b));
    expect(right[0]?.height).toBe(ROLE_LONG);
    const left = placeRoles({ x: 0, y: 0, width: 30, height: 60 }, 3, { ...horizontal, orientation: 'verticalRotatedLeft' });
    expect(left[0]?.y).toBeGreaterThan(left[2]?.y ?? 0);
  });

  it('when constraints overlap they take separate rows, otherwise they share one', () => {
    expect(assignRows([[0, 0], [1, 1], [0, 1]])).toEqual([0, 0, 1]);
    expect(barRowCount(['a', 'b'], [uc('1', ['a']), uc('2', ['b'])])).toBe(1);
    expect(barRowCount(['a', 'b'], [uc('1', ['a']), uc('2', ['a', 'b'])])).toBe(2);
  });

  it('when a bar skips a role then it is split with a dashed gap over the skipped role', () => {
    const roles = placeRoles({ x: 0, y: 0, width: 60, height: 30 }, 3, horizontal);
    const [bar] = placeBars(roles, ['a', 'b', 'c'], [uc('1', ['a', 'c'], true)], horizontal);
    expect(bar?.preferred).toBe(true);
    expect(bar?.segments).toHaveLength(2);
    expect(bar?.gaps).toHaveLength(1);
    expect(bar?.segments[0]?.y1).toBeLessThan(roles[0]?.y ?? 0);
  });

  it('when bars go below the roles then they are drawn under them', () => {
    const bottom: FactFrame = { ...horizontal, constraintPosition: 'bottom' };
    const roles = placeRoles({ x: 0, y: 0, width: 40, height: 30 }, 2, bottom);
    const [bar] = placeBars(roles, ['a', 'b'], [uc('1', ['a', 'b'])], bottom);
    expect(bar?.segments).toHaveLength(1);
    expect(bar?.segments[0]?.y1).toBeGreaterThan((roles[0]?.y ?? 0) + ROLE_SHORT);
  });
});
