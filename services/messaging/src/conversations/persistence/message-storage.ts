/**
 * Injection token of the `ObjectStorage` (from @loadout/storage) that keeps conversations'
 * photos. Its objects are private: they are served only through `serve-image/`, to the
 * conversation's participants (with S3, a bucket of its own that nothing reads anonymously).
 */
export const MESSAGE_STORAGE = Symbol('MESSAGE_STORAGE');

/**
 * Injection token of the `ObjectErasures` (from @loadout/storage) of that storage: photo files
 * are erased through it after the transaction that dropped their rows commits (ADR 0039).
 */
export const MESSAGE_FILE_ERASURES = Symbol('MESSAGE_FILE_ERASURES');
