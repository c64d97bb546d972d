import {
  calculateShot,
  fpsToMps,
  isOverLimit,
  isValidBbWeight,
  maxVelocityForLimit,
  mpsToFps,
  muzzleEnergyJoules,
  roundTo,
} from './muzzle-energy';

describe('fps physics', () => {
  it('converts fps and m/s with 1 fps = 0.3048 m/s', () => {
    expect(fpsToMps(350)).toBeCloseTo(106.68, 10);
    expect(mpsToFps(100)).toBeCloseTo(328.084, 3);
  });

  it('gives 1.14 J for 350 fps with a 0.20 g BB', () => {
    const shot = calculateShot(350, 'fps', 0.2);
    expect(roundTo(shot.joules, 2)).toBe(1.14);
    expect(shot.joules).toBeCloseTo(1.138, 3);
    expect(shot.overIrishLimit).toBe(true);
  });

  it('gives about 1.00 J for 328 fps with a 0.20 g BB, within the limit', () => {
    const shot = calculateShot(328, 'fps', 0.2);
    expect(roundTo(shot.joules, 2)).toBe(1.0);
    expect(shot.overIrishLimit).toBe(false);
  });

  it('computes E = ½ m v² with grams and m/s', () => {
    expect(muzzleEnergyJoules(100, 0.2)).toBeCloseTo(1, 10);
    expect(muzzleEnergyJoules(100, 0.4)).toBeCloseTo(2, 10);
  });

  it('accepts m/s input', () => {
    const shot = calculateShot(106.68, 'mps', 0.2);
    expect(shot.fps).toBeCloseTo(350, 6);
    expect(roundTo(shot.joules, 2)).toBe(1.14);
  });

  it('gives the equivalent fps at 0.20 g for heavier BBs', () => {
    const shot = calculateShot(300, 'fps', 0.25);
    // Same energy with a lighter BB means a higher reading: 300 × √(0.25 / 0.20).
    expect(shot.equivalentFpsAtReference).toBeCloseTo(300 * Math.sqrt(0.25 / 0.2), 6);
    expect(calculateShot(350, 'fps', 0.2).equivalentFpsAtReference).toBeCloseTo(350, 6);
  });

  it('gives the maximum velocity for a joule limit, rounded down', () => {
    const oneJoule = maxVelocityForLimit(1, 0.2);
    expect(oneJoule.mps).toBeCloseTo(100, 10);
    expect(oneJoule.fpsFloor).toBe(328);
    expect(maxVelocityForLimit(1, 0.3).fpsFloor).toBe(267);
    expect(maxVelocityForLimit(1.5, 0.2).fpsFloor).toBe(401);
  });

  it('judges the limit on the displayed (2-decimal) energy', () => {
    expect(isOverLimit(1.004)).toBe(false);
    expect(isOverLimit(1.006)).toBe(true);
    expect(isOverLimit(0.8, 0.75)).toBe(true);
  });

  it('accepts BB weights from 0.12 g to 0.48 g', () => {
    expect(isValidBbWeight(0.12)).toBe(true);
    expect(isValidBbWeight(0.48)).toBe(true);
    expect(isValidBbWeight(0.11)).toBe(false);
    expect(isValidBbWeight(0.5)).toBe(false);
    expect(isValidBbWeight(Number.NaN)).toBe(false);
  });
});
