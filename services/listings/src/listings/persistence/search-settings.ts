/**
 * Session settings of every listings connection. Typo search uses pg_trgm's `<%` (word
 * similarity above a threshold); the default 0.6 misses one-letter typos of short words
 * ("glok" → "Glock" scores 0.6), so every connection uses 0.5.
 */
export const TRGM_OPTIONS = '-c pg_trgm.word_similarity_threshold=0.5';
