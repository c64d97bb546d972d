import { useSearchParams } from '@loadout/web';

/**
 * Filters and the page cursor live in the URL (shareable, Back works): `get` reads one,
 * `set` changes some and drops the cursor (a new filter starts at the first page).
 */
export function useUrlState<K extends string>() {
  const [params, setParams] = useSearchParams();
  const get = (key: K | 'cursor'): string | undefined => params.get(key) || undefined;
  const set = (changes: Partial<Record<K | 'cursor', string | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!('cursor' in changes)) next.delete('cursor');
        for (const [key, value] of Object.entries(changes) as [string, string | undefined][]) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: false },
    );
  return { get, set };
}
