/**
 * Muzzle-energy physics (docs/domain.md, the Irish 1 joule rule): E = ½ m v², with m in kg and
 * v in m/s; 1 fps = 0.3048 m/s. Pure functions, no rounding unless a name says so. Used by the
 * FPS calculator, the sell form (live) and the listings service (authoritative).
 */

export const MPS_PER_FPS = 0.3048;
export const REFERENCE_BB_GRAMS = 0.2;
export const BB_MIN_GRAMS = 0.12;
export const BB_MAX_GRAMS = 0.48;
/** Above this an air gun is a firearm in Ireland (Firearms Act 1925, as amended). */
export const IRISH_LIMIT_JOULES = 1;

export type VelocityUnit = 'fps' | 'mps';

export function fpsToMps(fps: number): number {
  return fps * MPS_PER_FPS;
}

export function mpsToFps(mps: number): number {
  return mps / MPS_PER_FPS;
}

export function muzzleEnergyJoules(mps: number, bbGrams: number): number {
  const kg = bbGrams / 1000;
  return 0.5 * kg * mps * mps;
}

/** Joules of a shot declared as fps with BBs of `bbGrams`. */
export function joulesFromFps(fps: number, bbGrams: number): number {
  return muzzleEnergyJoules(fpsToMps(fps), bbGrams);
}

/** The velocity (m/s) at which a BB of `bbGrams` carries `joules`. */
export function velocityForEnergy(joules: number, bbGrams: number): number {
  return Math.sqrt((2 * joules) / (bbGrams / 1000));
}

export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

/** Over the limit as displayed: joules are shown to 2 decimals, so 1.004 J counts as 1.00 J. */
export function isOverLimit(joules: number, limitJoules: number = IRISH_LIMIT_JOULES): boolean {
  return roundTo(joules, 2) > limitJoules;
}

export function isValidBbWeight(grams: number): boolean {
  return Number.isFinite(grams) && grams >= BB_MIN_GRAMS && grams <= BB_MAX_GRAMS;
}

export interface ShotResult {
  mps: number;
  fps: number;
  joules: number;
  /** The fps a chronograph would read with 0.20 g BBs at the same energy. */
  equivalentFpsAtReference: number;
  overIrishLimit: boolean;
}

export function calculateShot(velocity: number, unit: VelocityUnit, bbGrams: number): ShotResult {
  const mps = unit === 'fps' ? fpsToMps(velocity) : velocity;
  const joules = muzzleEnergyJoules(mps, bbGrams);
  return {
    mps,
    fps: mpsToFps(mps),
    joules,
    equivalentFpsAtReference: mpsToFps(velocityForEnergy(joules, REFERENCE_BB_GRAMS)),
    overIrishLimit: isOverLimit(joules),
  };
}

export interface LimitResult {
  mps: number;
  /** Rounded down, so the shown number never exceeds the limit. */
  fpsFloor: number;
}

/** The highest velocity that stays within `limitJoules` with BBs of `bbGrams`. */
export function maxVelocityForLimit(limitJoules: number, bbGrams: number): LimitResult {
  const mps = velocityForEnergy(limitJoules, bbGrams);
  return { mps, fpsFloor: Math.floor(mpsToFps(mps) + 1e-9) };
}
