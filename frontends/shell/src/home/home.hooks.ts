// The home page's own query: the number of playing fields (its listing figures come from
// @loadout/web's listings hooks, the same cache entries as the marketplace remote).
import { type FieldStatsResponse } from '@loadout/contracts';
import { apiFetch } from '@loadout/web';
import { useQuery } from '@tanstack/react-query';

export const FIELD_STATS_QUERY_KEY = ['fields', 'stats'] as const;

export function useFieldCount() {
  return useQuery({
    queryKey: FIELD_STATS_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiFetch<FieldStatsResponse>('/api/v1/fields/stats', { signal, publicRead: true }),
    select: (data) => data.count,
  });
}
