import { describe, expect, it } from 'vitest';
import { circleExit, exitPoint, freeSpot, fromInches, nearest, union } from './geometry.js';

const box = { x: 0, y: 0, width: 20, height: 10 };

describe('geometry', () => {
  it('when a line leaves a box towards a point then it is cut at the border', () => {
    expect(exitPoint(box, { x: 100, y: 5 })).toEqual({ x: 20, y: 5 });
    expect(exitPoint(box, { x: 10, y: -50 })).toEqual({ x: 10, y: 0 });
  });

  it('when a line leaves a circle then it is cut at the radius', () => {
    const point = circleExit({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 100 });
    expect(point.x).toBeCloseTo(5);
    expect(point.y).toBeCloseTo(10);
  });

  it('when boxes are merged then the union covers all of them', () => {
    expect(union([box, { x: -5, y: 3, width: 2, height: 20 }])).toEqual({ x: -5, y: 0, width: 25, height: 23 });
    expect(union([])).toBeUndefined();
  });

  it('when inches are converted then 96 px stand for one inch', () => {
    expect(fromInches({ x: 1, y: 0.5, width: 0.25, height: 2 })).toEqual({ x: 96, y: 48, width: 24, height: 192 });
  });

  it('when several copies exist then the nearest one is chosen', () => {
    const far = { box: { x: 500, y: 0, width: 1, height: 1 } };
    const close = { box: { x: 30, y: 0, width: 1, height: 1 } };
    expect(nearest([far, close], box)).toBe(close);
  });

  it('when a spot is wanted near occupied space then a free one nearby is found', () => {
    const spot = freeSpot({ x: 10, y: 5 }, { width: 10, height: 10 }, [box]);
    const overlaps = spot.x < 20 + 3 && spot.x + 10 > -3 && spot.y < 10 + 3 && spot.y + 10 > -3;
    expect(overlaps).toBe(false);
    expect(Math.hypot(spot.x + 5 - 10, spot.y + 5 - 5)).toBeLessThan(40);
  });
});
