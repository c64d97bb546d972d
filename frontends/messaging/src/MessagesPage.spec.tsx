import { type ConversationDto, type MessageDto } from '@loadout/contracts';
import { SessionProvider, createSession, type SessionUser } from '@loadout/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MessagingRoutes } from './routes';

const ME: SessionUser = {
  id: 'buyer00000000000000001',
  email: 'aoife@example.ie',
  username: 'aoife',
  displayName: 'Aoife',
  roles: ['user'],
};
const SELLER = 'seller0000000000000001';

function conversation(overrides: Partial<ConversationDto> = {}): ConversationDto {
  return {
    id: 'conv00000000000000001',
    participants: [ME.id, SELLER],
    otherUserId: SELLER,
    listing: {
      id: 'listing00000000000001',
      title: 'Tokyo Marui M4A1',
      priceCents: 32500,
      thumbUrl: null,
    },
    lastMessage: 'Is it still available?',
    lastMessageAt: new Date().toISOString(),
    unreadCount: { [ME.id]: 12, [SELLER]: 0 },
    blocked: false,
    blockedByMe: false,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

function message(overrides: Partial<MessageDto> = {}): MessageDto {
  return {
    id: `m${Math.random().toString(36).slice(2, 12)}`,
    conversationId: 'conv00000000000000001',
    senderId: SELLER,
    receiverId: ME.id,
    content: 'Yes, still for sale.',
    isRead: false,
    offPlatformWarning: false,
    images: [],
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

const json = (status: number, body?: unknown) =>
  ({
    ok: status >= 200 && status < 300,
    status,
    headers: { get: () => null },
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
  }) as unknown as Response;

type Routes = Record<string, (init?: RequestInit) => Response>;

function mockApi(routes: Routes) {
  const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://loadout.test');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const route = routes[key];
    return route ? route(init) : json(404, { code: 'X', message: 'Not found', requestId: 'r' });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <SessionProvider value={createSession(ME)}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <MessagingRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );
}

const base = '/api/v1/conversations';

describe('messages', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists conversations with their listing context and unread count', async () => {
    mockApi({ [`GET ${base}`]: () => json(200, { items: [conversation()], nextCursor: null }) });
    renderAt('/messages');
    const link = await screen.findByRole('link', { name: /Tokyo Marui M4A1/ });
    expect(within(link).getByText('€325.00')).toBeInTheDocument();
    expect(within(link).getByText('9+')).toBeInTheDocument();
    expect(within(link).getByText('12 unread')).toBeInTheDocument();
    expect(screen.getByText('Choose a conversation to read it.')).toBeInTheDocument();
  });

  it('says when there are no conversations yet', async () => {
    mockApi({ [`GET ${base}`]: () => json(200, { items: [], nextCursor: null }) });
    renderAt('/messages');
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('opens a thread, marks it read and shows the off-platform warning on a flagged message', async () => {
    const fetchMock = mockApi({
      [`GET ${base}`]: () => json(200, { items: [conversation()], nextCursor: null }),
      [`GET ${base}/conv00000000000000001/messages`]: () =>
        json(200, {
          items: [
            message({ content: 'Pay to IE29 AIBK 9311 5212 3456 78', offPlatformWarning: true }),
          ],
          nextCursor: null,
        }),
      [`POST ${base}/conv00000000000000001/read`]: () => json(200, { count: 0 }),
    });
    renderAt('/messages/conv00000000000000001');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'This message asks for payment outside Loadout. Escrow only protects payments made through checkout.',
    );
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/read') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('logs a failed send, keeps the text and offers a retry that sends it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    mockApi({
      [`GET ${base}`]: () => json(200, { items: [conversation()], nextCursor: null }),
      [`GET ${base}/conv00000000000000001/messages`]: () =>
        json(200, { items: [], nextCursor: null }),
      [`POST ${base}/conv00000000000000001/read`]: () => json(200, { count: 0 }),
      [`POST ${base}/conv00000000000000001/messages`]: (init) => {
        attempts += 1;
        if (attempts === 1)
          return json(503, {
            code: 'GATEWAY.UPSTREAM_UNAVAILABLE',
            message: 'Down',
            requestId: 'r',
          });
        const { content } = JSON.parse(String(init?.body)) as { content: string };
        return json(201, message({ senderId: ME.id, receiverId: SELLER, content }));
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAt('/messages/conv00000000000000001');
    const input = await screen.findByLabelText('Message');
    await user.type(input, 'Would you take 300?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message was not sent.');
    expect(input).toHaveValue('Would you take 300?');
    expect(error).toHaveBeenCalledWith('Sending the message failed', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Would you take 300?', { selector: 'p' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(attempts).toBe(2);
  });

  it('refuses to send a message over 2,000 characters', async () => {
    mockApi({
      [`GET ${base}`]: () => json(200, { items: [conversation()], nextCursor: null }),
      [`GET ${base}/conv00000000000000001/messages`]: () =>
        json(200, { items: [], nextCursor: null }),
      [`POST ${base}/conv00000000000000001/read`]: () => json(200, { count: 0 }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt('/messages/conv00000000000000001');
    const input = await screen.findByLabelText('Message');
    await user.click(input);
    await user.paste('x'.repeat(2001));
    expect(screen.getByText('Messages can be at most 2000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
