import { type Session, createSession } from '@loadout/web';
import { type FetchMock, renderRemote } from '@loadout/web/testing';
import { screen, within } from '@testing-library/react';
import { MarketplaceRoutes } from './routes';

export {
  BUYER_USER as BUYER,
  SELLER_USER,
  Where,
  buildListing,
  buildListingSeller as buildSeller,
  buildListingSummary as buildSummary,
  errorResponse,
  expectToast,
  jsonResponse,
  listingPage as page,
  mockApi,
  setupUser,
  where,
  type FetchMock,
} from '@loadout/web/testing';

export interface RenderOptions {
  session?: Session;
}

/** Renders the remote's routes at `path` inside a session, a query client and a toaster. */
export const renderRoutes = (
  path: string,
  { session = createSession('signed-out') }: RenderOptions = {},
) => renderRemote(<MarketplaceRoutes />, path, { session });

/** The URLs (path + query) the app fetched, optionally only those starting with `prefix`. */
export function calledUrls(fetchMock: FetchMock, prefix = ''): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
}

export const inCard = (title: string) =>
  within(screen.getByRole('link', { name: title }).closest('article')!);
