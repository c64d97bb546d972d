/** Usernames: 3–30 characters of a-z, 0-9, `_` and `.`, compared and stored in lower case. */
export const USERNAME_PATTERN = /^[a-z0-9_.]{3,30}$/;

export type UsernameCheck = { ok: true; username: string } | { ok: false; message: string };

export function normaliseUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

export function checkUsername(raw: string): UsernameCheck {
  const username = normaliseUsername(raw);
  if (username.length < 3 || username.length > 30) {
    return { ok: false, message: 'Username must be 3 to 30 characters.' };
  }
  if (!USERNAME_PATTERN.test(username)) {
    return {
      ok: false,
      message: 'Username may only contain letters, numbers, underscores and full stops.',
    };
  }
  return { ok: true, username };
}

/**
 * A valid username derived from an external one (Keycloak's preferred_username may hold
 * `@`, `-` or be short): disallowed characters become `_`, then it is padded or cut.
 */
export function usernameFromExternal(raw: string | null | undefined, fallback: string): string {
  const cleaned = normaliseUsername(raw ?? '')
    .replace(/[^a-z0-9_.]/g, '_')
    .slice(0, 30);
  const base = cleaned.replace(/_/g, '').length > 0 ? cleaned : `user_${fallback.toLowerCase()}`;
  return base.length >= 3 ? base.slice(0, 30) : `${base}___`.slice(0, 3);
}

/** A candidate after `attempt` collisions: `name` → `name_2` → `name_3`… (still ≤ 30 chars). */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt <= 1) return base;
  const suffix = `_${attempt}`;
  return `${base.slice(0, 30 - suffix.length)}${suffix}`;
}
