import { type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

/**
 * Drops everything cached for the user on sign-out: all queries except the loaded remotes'
 * code (`['remote', name]`, the same for everyone), and pending mutations. Removing a query
 * cancels its fetch.
 */
export function clearClientState(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'remote' });
  client.getMutationCache().clear();
}

/**
 * The session was restored after public pages were drawn without it (ADR 0033): their
 * queries are read again with the token, so signed-in details fill in. Loaded remotes stay.
 */
export function refetchForSession(client: QueryClient): void {
  void client.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] !== 'remote' && query.queryKey[0] !== 'remotes-manifest',
  });
}

/** Seed §8: sign-in success. */
export function showWelcomeToast(): void {
  toast.success('Welcome back!', { description: "You've successfully signed in." });
}
