import { describe, expect, it } from 'vitest';
import { BoxIndex, circleExit, exitPoint, freeSpot, fromInches, nearest, union } from './geometry.js';

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

describe('BoxIndex', () => {
  it('when boxes are indexed then a query touches exactly the ones it overlaps, large or small', () => {
    const index = new BoxIndex([{ x: 0, y: 0, width: 10, height: 10 }, { x: 1000, y: 1000, width: 5, height: 5 }, { x: -5000, y: 200, width: 20_000, height: 10 }]);
    expect(index.touches({ x: 5, y: 5, width: 2, height: 2 })).toBe(true);
    expect(index.touches({ x: 1002, y: 1003, width: 1, height: 1 })).toBe(true);
    expect(index.touches({ x: 3000, y: 205, width: 1, height: 1 })).toBe(true);
    expect(index.touches({ x: 20, y: 20, width: 100, height: 100 })).toBe(false);
    expect(index.touches({ x: -70, y: -70, width: 65, height: 65 })).toBe(false);
  });

  it('when thousands of symbols need a free spot in a crowded drawing then placing them stays fast', () => {
    const index = new BoxIndex(Array.from({ length: 5000 }, (_, n) => ({ x: (n % 100) * 12, y: Math.floor(n / 100) * 12, width: 10, height: 10 })));
    const started = Date.now();
    for (let n = 0; n < 500; n += 1) index.add(freeSpot({ x: 600, y: 300 }, { width: 15, height: 15 }, index));
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
