import {
  type ListingDto,
  type ListingImageDto,
  type ListingSummaryDto,
  type UploadTicket,
} from '@loadout/contracts';
import {
  createSession,
  type Session,
  type SessionUser,
  SessionProvider,
  MemoryRouter,
  Route,
  Routes,
} from '@loadout/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import {
  FakeXhr,
  buildListing as sharedBuildListing,
  buildListingSeller,
  buildListingSummary,
} from '@loadout/web/testing';
import { Where, errorResponse, jsonResponse } from '../test-utils';
import { EditListingPage, MyListingsPage, SellPage } from './index';

export const seller: SessionUser = {
  id: 'u_seller0000000000001',
  email: 'aoife@example.ie',
  username: 'aoife.k',
  displayName: 'Aoife',
  roles: ['user'],
};

export const signedIn = (actions: Parameters<typeof createSession>[1] = {}) =>
  createSession(seller, actions);

/** The sell routes as `src/routes.tsx` mounts them, in a MemoryRouter at `path`. */
export function renderSell(path: string, session: Session = signedIn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <SessionProvider value={session}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/sell" element={<SellPage />} />
            <Route path="/sell/listings" element={<MyListingsPage />} />
            <Route path="/sell/:id" element={<EditListingPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { ...view, client };
}

export { where } from '../test-utils';

export { expectToast } from '@loadout/web/testing';

export { errorResponse, jsonResponse } from '../test-utils';

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

type Handler = Response | ((call: ApiCall) => Response | Promise<Response>);

/**
 * Replaces fetch with a router: `routes` maps "METHOD /api/v1/path" (with or without the query
 * string) to a response or a function of the call. Unrouted calls answer 599 and are recorded.
 */
export function installApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const call: ApiCall = {
      method,
      url,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    if (!handler) return errorResponse(599, 'TEST.UNROUTED', `No test route for ${method} ${url}`);
    return typeof handler === 'function' ? handler(call) : handler;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetchMock,
    calls,
    /** The calls to one route, e.g. `to('POST', '/api/v1/listings')`. */
    to: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.url.split('?')[0] === path),
  };
}

export function buildImage(n: number): ListingImageDto {
  return {
    id: `img_${String(n).padStart(17, '0')}`,
    url: `/media/${n}.jpg`,
    thumbUrl: `/media/${n}_400.jpg`,
    width: 1200,
    height: 900,
  };
}

export function buildTicket(uploadId: string): UploadTicket {
  return {
    uploadId,
    partSizeBytes: 5 * 1024 * 1024,
    parts: [{ partNumber: 1, url: `/api/v1/uploads/${uploadId}/parts/1?token=t` }],
    headers: { 'Content-Type': 'image/jpeg' },
    expiresAt: '2999-01-01T00:00:00Z',
  };
}

/** A card of the seller's own listing (the shared factory with this seller's values). */
export function buildSummary(overrides: Partial<ListingSummaryDto> = {}): ListingSummaryDto {
  return buildListingSummary({
    id: 'lst_00000000000000001',
    title: 'Tokyo Marui M4 MWS',
    priceCents: 45_000,
    category: 'gas_rifles',
    joules: 0.904,
    shipping: { postageCents: 1200, collection: true },
    thumbUrl: '/media/1_400.jpg',
    favoriteCount: 0,
    sellerId: seller.id,
    publishedAt: '2025-05-01T10:00:00Z',
    createdAt: '2025-05-01T09:00:00Z',
    updatedAt: '2025-05-01T10:00:00Z',
    ...overrides,
  });
}

/** The seller's own listing as the edit page loads it. */
export function buildListing(overrides: Partial<ListingDto> = {}): ListingDto {
  return sharedBuildListing({
    ...buildSummary(),
    description: 'Gas blowback rifle, two magazines, chrono 310 fps on 0.20 g.',
    images: [buildImage(1), buildImage(2)],
    seller: buildListingSeller({
      id: seller.id,
      username: seller.username,
      displayName: seller.displayName,
      memberSince: '2024-01-01T00:00:00Z',
    }),
    ...overrides,
  });
}

/** Routes for uploads: one ticket per file (in order), completing to image n+1. */
export function uploadRoutes(count = 10): Record<string, Handler> {
  const routes: Record<string, Handler> = {};
  let created = 0;
  routes['POST /api/v1/uploads'] = () => {
    created += 1;
    return jsonResponse(201, buildTicket(`up_${created}`));
  };
  for (let n = 1; n <= count; n += 1) {
    routes[`POST /api/v1/uploads/up_${n}/complete`] = jsonResponse(200, buildImage(100 + n));
    routes[`DELETE /api/v1/uploads/up_${n}`] = jsonResponse(204);
  }
  return routes;
}

/** XMLHttpRequest → FakeXhr (answering by itself unless `manual`); object URLs stubbed. */
export function installBrowserFakes({ manual = false } = {}) {
  FakeXhr.reset();
  if (!manual) FakeXhr.autoSucceed();
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  let n = 0;
  URL.createObjectURL = jest.fn(() => `blob:test/${(n += 1)}`);
  URL.revokeObjectURL = jest.fn();
}

export function imageFile(name: string, type = 'image/jpeg', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** Lets pending promises and timers of 0 ms settle. */
export async function flush(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export const setupUser = () => userEvent.setup({ delay: null });

/** The photo card (list item) showing this file name. */
export function photoCard(name: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Photos, in display order' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByText(name) !== null);
  if (!item) throw new Error(`No photo card for ${name}`);
  return item;
}

/** Fills every field a replica listing needs to publish (photos aside). */
export async function fillRequiredDetails(user: ReturnType<typeof setupUser>) {
  await user.type(screen.getByLabelText('Title'), 'Tokyo Marui Hi-Capa 5.1');
  await user.type(
    screen.getByLabelText('Description'),
    'Gas blowback pistol, two magazines, new seals last month.',
  );
  await user.selectOptions(screen.getByLabelText('Category'), 'pistols');
  await user.selectOptions(screen.getByLabelText('Condition'), 'good');
  await user.type(screen.getByLabelText('Price in euro'), '45.5');
  await user.selectOptions(screen.getByLabelText('County'), 'Cork');
  await user.click(screen.getByLabelText('Tracked post'));
  await user.type(screen.getByLabelText('Postage price in euro'), '8');
  await user.click(screen.getByLabelText('Collection in person'));
  await user.type(screen.getByLabelText('Measured muzzle velocity (fps)'), '300');
}
