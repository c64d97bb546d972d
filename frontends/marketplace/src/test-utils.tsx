import { type ListingDto, type ListingSellerDto, type ListingSummaryDto } from '@loadout/contracts';
import { type Session, type SessionUser, SessionProvider, createSession } from '@loadout/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { MarketplaceRoutes } from './routes';

export interface RenderOptions {
  session?: Session;
}

/** Renders the remote's routes at `path` inside a session, a query client and a toaster. */
export function renderRoutes(
  path: string,
  { session = createSession('signed-out') }: RenderOptions = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <SessionProvider value={session}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <MarketplaceRoutes />
          <Where />
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { ...view, client };
}

/** Shows the router's location, read back with `where()`. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

export const where = () => screen.getByTestId('where').textContent;

export const setupUser = () => userEvent.setup({ delay: null });

export function jsonResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: () => null },
    text: () => Promise.resolve(text),
  } as unknown as Response;
}

export const errorResponse = (status: number, code: string, message: string, details?: unknown) =>
  jsonResponse(status, { code, message, requestId: `req-${status}`, details });

type Answer = Response | unknown;
type Handler = (url: URL, init: RequestInit | undefined) => Answer | Promise<Answer>;

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit?]>;

/**
 * Installs a fetch mock answering by "METHOD /path" (GET may be left out; the query string is
 * ignored for matching, the handler gets the full URL). Anything else answers 404.
 */
export function mockApi(routes: Record<string, Handler | Answer>): FetchMock {
  const fetchMock: FetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://loadout.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const route =
      routes[`${method} ${url.pathname}`] ?? (method === 'GET' ? routes[url.pathname] : undefined);
    if (route === undefined) return errorResponse(404, 'COMMON.NOT_FOUND', 'Not found');
    const answer = typeof route === 'function' ? await (route as Handler)(url, init) : route;
    if (answer && typeof answer === 'object' && 'ok' in answer && 'status' in answer) {
      return answer as Response;
    }
    return jsonResponse(200, answer);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The URLs (path + query) the app fetched, optionally only those starting with `prefix`. */
export function calledUrls(fetchMock: FetchMock, prefix = ''): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
}

/** Waits for a sonner toast with this title. */
export async function expectToast(title: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null;
  await waitFor(() => {
    found =
      screen
        .queryAllByText(title, { selector: '[data-title]' })
        .map((el) => el.closest<HTMLElement>('[data-sonner-toast]'))
        .find((el): el is HTMLElement => el !== null) ?? null;
    expect(found).not.toBeNull();
  });
  return found!;
}

export const inCard = (title: string) =>
  within(screen.getByRole('link', { name: title }).closest('article')!);

export const BUYER: SessionUser = {
  id: 'buyer00000000000000001',
  email: 'aoife@example.ie',
  username: 'aoife',
  displayName: 'Aoife',
  roles: ['user'],
};

export const SELLER_USER: SessionUser = {
  id: 'seller0000000000000001',
  email: 'ciaran@example.ie',
  username: 'cork.sniper',
  displayName: 'Ciarán',
  roles: ['user'],
};

let seq = 0;

/** Test data factory for a search result. */
export function buildSummary(overrides: Partial<ListingSummaryDto> = {}): ListingSummaryDto {
  seq += 1;
  return {
    id: `listing-${seq}`,
    title: `Tokyo Marui M4 #${seq}`,
    priceCents: 25000,
    category: 'aeg_rifles',
    condition: 'good',
    county: 'Cork',
    status: 'active',
    joules: 0.976,
    shipping: { postageCents: 950, collection: true },
    thumbUrl: `https://img.example/${seq}-400.webp`,
    favoriteCount: 3,
    sellerId: SELLER_USER.id,
    publishedAt: '2025-03-01T10:00:00Z',
    createdAt: '2025-03-01T09:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

export function buildSeller(overrides: Partial<ListingSellerDto> = {}): ListingSellerDto {
  return {
    id: SELLER_USER.id,
    username: 'cork.sniper',
    displayName: 'Ciarán',
    county: 'Cork',
    sellerType: 'private',
    memberSince: '2024-11-02T09:00:00Z',
    ...overrides,
  };
}

/** Test data factory for a listing page. */
export function buildListing(overrides: Partial<ListingDto> = {}): ListingDto {
  const summary = buildSummary(overrides);
  return {
    ...summary,
    description: 'Upgraded gearbox.\nNew spring fitted.\n\nComes with two mid-caps.',
    fps: 310,
    bbWeightGrams: 0.2,
    images: [
      {
        id: 'img-1',
        url: 'https://img.example/1-1200.webp',
        thumbUrl: 'https://img.example/1-400.webp',
        width: 1200,
        height: 900,
      },
      {
        id: 'img-2',
        url: 'https://img.example/2-1200.webp',
        thumbUrl: 'https://img.example/2-400.webp',
        width: 1200,
        height: 900,
      },
      {
        id: 'img-3',
        url: 'https://img.example/3-1200.webp',
        thumbUrl: 'https://img.example/3-400.webp',
        width: 1200,
        height: 900,
      },
    ],
    seller: buildSeller(),
    removalReason: null,
    featured: false,
    ...overrides,
  };
}

export const page = (
  items: ListingSummaryDto[],
  nextCursor: string | null = null,
  total = items.length,
) => ({
  items,
  nextCursor,
  total,
});
