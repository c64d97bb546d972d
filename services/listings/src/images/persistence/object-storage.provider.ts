/** Injection token of the `ObjectStorage` (from @loadout/storage) the images module uses. */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/**
 * Injection token of the `ObjectErasures` (from @loadout/storage) of that storage: photo files
 * are erased through it after the transaction that dropped their rows commits (ADR 0039).
 */
export const FILE_ERASURES = Symbol('FILE_ERASURES');

/** Pending uploads one user may have at a time (a sanity limit, not a quota). */
export const MAX_PENDING_UPLOADS = 50;
