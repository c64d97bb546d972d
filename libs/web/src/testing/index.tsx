// Test helpers for every frontend's jest + Testing Library tests (import '@loadout/web/testing').
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse } from './responses';

export { FakeXhr, createFakeXhr } from './fake-xhr';
export { Where, where } from './location';
export { errorResponse, jsonResponse } from './responses';

export const setupUser = () => userEvent.setup({ delay: null });

type Answer = Response | unknown;
export type ApiHandler = (url: URL, init: RequestInit | undefined) => Answer | Promise<Answer>;

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit?]>;

/**
 * Installs a fetch mock answering by "METHOD /path" (GET may be left out; the query string is
 * ignored for matching, the handler gets the full URL). Anything else answers 404.
 */
export function mockApi(routes: Record<string, ApiHandler | Answer>): FetchMock {
  const fetchMock: FetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://loadout.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const route =
      routes[`${method} ${url.pathname}`] ?? (method === 'GET' ? routes[url.pathname] : undefined);
    if (route === undefined) return errorResponse(404, 'COMMON.NOT_FOUND', 'Not found');
    const answer = typeof route === 'function' ? await (route as ApiHandler)(url, init) : route;
    if (answer && typeof answer === 'object' && 'ok' in answer && 'status' in answer) {
      return answer as Response;
    }
    return jsonResponse(200, answer);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The calls made to "METHOD /path" (query ignored), with their request headers and JSON body. */
export function callsTo(fetchMock: FetchMock, methodAndPath: string) {
  const [method, pathname] = methodAndPath.split(' ') as [string, string];
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://loadout.test');
      return (init?.method ?? 'GET').toUpperCase() === method && url.pathname === pathname;
    })
    .map(([, init]) => ({
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

/**
 * Waits for a sonner toast with this title (and description). sonner keeps toasts in module
 * state, so toasts of earlier tests may still be listed: any match counts, the first is returned.
 */
export async function expectToast(title: string, description?: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .queryAllByText(title, { selector: '[data-title]' })
      .map((el) => el.closest<HTMLElement>('[data-sonner-toast]'))
      .filter((el): el is HTMLElement => el !== null)
      .find(
        (toast) =>
          description === undefined ||
          within(toast).queryByText(description, { selector: '[data-description]' }) !== null,
      );
    expect(found).toBeDefined();
  });
  return found!;
}

export { renderRemote, testQueryClient, type RenderRemoteOptions } from './render';
export {
  BUYER_USER,
  SELLER_USER,
  buildListing,
  buildListingSeller,
  buildListingSummary,
  listingPage,
} from './listings';
