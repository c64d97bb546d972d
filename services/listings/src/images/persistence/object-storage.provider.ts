/** Injection token of the `ObjectStorage` (from @loadout/storage) the images module uses. */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/** Pending uploads one user may have at a time (a sanity limit, not a quota). */
export const MAX_PENDING_UPLOADS = 50;
