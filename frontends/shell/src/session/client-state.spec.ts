import { QueryClient } from '@tanstack/react-query';
import { refetchForSession } from './client-state';

describe('refetchForSession', () => {
  it('reads every query again except the loaded remotes and their manifest', () => {
    const client = new QueryClient();
    for (const key of [
      ['listings', 'featured'],
      ['fields', 'stats'],
      ['remote', 'marketplace'],
      ['remotes-manifest'],
    ]) {
      client.setQueryData(key, { any: true });
    }
    refetchForSession(client);
    const invalidated = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(['listings', 'featured'])).toBe(true);
    expect(invalidated(['fields', 'stats'])).toBe(true);
    expect(invalidated(['remote', 'marketplace'])).toBe(false);
    expect(invalidated(['remotes-manifest'])).toBe(false);
  });
});
