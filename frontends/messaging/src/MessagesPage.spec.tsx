import { type ConversationDto, type MessageDto, type MessageImageDto } from '@loadout/contracts';
import {
  SessionProvider,
  createSession,
  onReportRequest,
  type ReportSubject,
  type SessionUser,
  MemoryRouter,
} from '@loadout/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeXhr } from '@loadout/web/testing';
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
    otherUser: { id: SELLER, displayName: 'Ciarán Walsh', avatarUrl: null },
    listing: {
      id: 'listing00000000000001',
      title: 'Tokyo Marui M4A1',
      priceCents: 32500,
      thumbUrl: null,
    },
    lastMessage: 'Is it still available?',
    lastMessageOffPlatform: false,
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
    hiddenByModerator: false,
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
    expect(within(link).getByText('About Tokyo Marui M4A1 · €325.00')).toBeInTheDocument();
    expect(within(link).getByText('9+')).toBeInTheDocument();
    expect(within(link).getByText('12 unread')).toBeInTheDocument();
    expect(screen.getByText('Choose a conversation to read it.')).toBeInTheDocument();
  });

  it("titles each conversation by the other person's name, with their avatar, never by an id", async () => {
    const withoutListing = conversation({
      id: 'conv00000000000000002',
      otherUserId: 'user00000000000000007',
      otherUser: {
        id: 'user00000000000000007',
        displayName: 'Niamh Kelly',
        avatarUrl: 'https://img.example/niamh.webp',
      },
      listing: null,
    });
    const unnamed = conversation({
      id: 'conv00000000000000003',
      otherUserId: 'user00000000000000008',
      otherUser: { id: 'user00000000000000008', displayName: null, avatarUrl: null },
      listing: null,
    });
    mockApi({
      [`GET ${base}`]: () =>
        json(200, { items: [conversation(), withoutListing, unnamed], nextCursor: null }),
    });
    const { container } = renderAt('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const titles = [...list.querySelectorAll('.msg-conversation__title')].map((t) => t.textContent);
    expect(titles).toEqual(['Ciarán Walsh', 'Niamh Kelly', 'Loadout member']);
    const aboutListing = screen.getByRole('link', { name: /Ciarán Walsh/ });
    expect(within(aboutListing).getByText(/About Tokyo Marui M4A1/)).toBeInTheDocument();
    expect(within(aboutListing).getByText('CW')).toBeInTheDocument();
    const niamh = screen.getByRole('link', { name: /Niamh Kelly/ });
    expect(niamh.querySelector('img')).toHaveAttribute('src', 'https://img.example/niamh.webp');
    expect(container.textContent).not.toMatch(/user0000000000000000[78]|Conversation with/);
  });

  it('warns in the inbox preview when the last message asks for payment outside Loadout', async () => {
    mockApi({
      [`GET ${base}`]: () =>
        json(200, {
          items: [
            conversation({ lastMessage: 'Pay me on Revolut', lastMessageOffPlatform: true }),
            conversation({
              id: 'conv00000000000000002',
              otherUser: { id: SELLER, displayName: 'Seán', avatarUrl: null },
            }),
          ],
          nextCursor: null,
        }),
    });
    renderAt('/messages');
    const flagged = await screen.findByRole('link', { name: /Ciarán Walsh/ });
    expect(
      within(flagged).getByText('Warning: asks for payment outside Loadout'),
    ).toBeInTheDocument();
    const plain = screen.getByRole('link', { name: /Seán/ });
    expect(within(plain).queryByText(/outside Loadout/)).toBeNull();
  });

  it("heads the thread with the other person's name and what it is about", async () => {
    mockApi({
      [`GET ${base}`]: () => json(200, { items: [conversation()], nextCursor: null }),
      [`GET ${base}/conv00000000000000001/messages`]: () =>
        json(200, { items: [message()], nextCursor: null }),
      [`POST ${base}/conv00000000000000001/read`]: () => json(200, { count: 0 }),
    });
    renderAt('/messages/conv00000000000000001');
    expect(
      await screen.findByRole('heading', { name: 'Ciarán Walsh', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About Tokyo Marui M4A1' })).toHaveAttribute(
      'href',
      '/listing/listing00000000000001',
    );
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

  it("asks the shell's report dialog about a received message, and shows a hidden one as such", async () => {
    const theirs = message({ id: 'msg00000000000000001', content: 'You will regret this' });
    const hidden = message({
      id: 'msg00000000000000002',
      content: 'This message was removed by a moderator.',
      hiddenByModerator: true,
    });
    const mine = message({ id: 'msg00000000000000003', senderId: ME.id, content: 'Stop.' });
    mockApi({
      [`GET ${base}`]: () => json(200, { items: [conversation()], nextCursor: null }),
      [`GET ${base}/conv00000000000000001/messages`]: () =>
        json(200, { items: [theirs, hidden, mine], nextCursor: null }),
      [`POST ${base}/conv00000000000000001/read`]: () => json(200, { count: 0 }),
    });
    renderAt('/messages/conv00000000000000001');
    const reports = await screen.findAllByRole('button', { name: 'Report this message' });
    // Neither your own message nor one a moderator already hid can be reported.
    expect(reports).toHaveLength(1);
    const asked: ReportSubject[] = [];
    const stop = onReportRequest((subject) => asked.push(subject));
    try {
      await userEvent.setup().click(reports[0]!);
    } finally {
      stop();
    }
    expect(asked).toEqual([
      {
        type: 'message',
        id: 'msg00000000000000001',
        conversationId: 'conv00000000000000001',
        label: 'You will regret this',
      },
    ]);
    expect(screen.getByText('This message was removed by a moderator.')).toHaveClass(
      'msg-message__content--hidden',
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

  describe('photos', () => {
    const conv = 'conv00000000000000001';
    const photo: MessageImageDto = {
      id: 'img000000000000000001',
      url: `${base}/${conv}/images/img000000000000000001`,
      thumbUrl: `${base}/${conv}/images/img000000000000000001?size=thumb`,
      width: 1200,
      height: 800,
    };
    const bytes = () =>
      ({
        ok: true,
        status: 200,
        headers: { get: () => null },
        blob: () => Promise.resolve(new Blob(['webp'])),
      }) as unknown as Response;
    const realXhr = globalThis.XMLHttpRequest;

    beforeEach(() => {
      FakeXhr.reset();
      globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
      URL.createObjectURL = jest.fn(() => 'blob:photo');
      URL.revokeObjectURL = jest.fn();
    });
    afterEach(() => {
      globalThis.XMLHttpRequest = realXhr;
    });

    const threadApi = (extra: Routes = {}) =>
      mockApi({
        [`GET ${base}`]: () => json(200, { items: [conversation()], nextCursor: null }),
        [`GET ${base}/${conv}/messages`]: () => json(200, { items: [], nextCursor: null }),
        [`POST ${base}/${conv}/read`]: () => json(200, { count: 0 }),
        [`GET ${base}/${conv}/images/${photo.id}`]: () => bytes(),
        ...extra,
      });
    const jpeg = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

    it('uploads a chosen photo with its progress, then sends it (no text needed) and shows it', async () => {
      let sentBody: unknown;
      const fetchMock = threadApi({
        [`POST ${base}/${conv}/messages`]: (init) => {
          sentBody = JSON.parse(String(init?.body));
          return json(
            201,
            message({ senderId: ME.id, receiverId: SELLER, content: '', images: [photo] }),
          );
        },
      });
      const user = userEvent.setup({ delay: null });
      renderAt(`/messages/${conv}`);
      await user.upload(await screen.findByTestId('msg-photo-input'), jpeg('rifle.jpg'));

      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      const xhr = FakeXhr.sent[0]!;
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toBe(`${base}/${conv}/images`);
      expect(xhr.requestHeaders['content-type']).toBe('image/jpeg');
      act(() => xhr.progress(5));
      const bar = await screen.findByRole('progressbar', {
        name: 'Uploading Photo 1 (rifle.jpg)',
      });
      expect(bar).toHaveAttribute('value', '50');
      expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

      act(() => xhr.respond(201, undefined, photo));
      expect(await screen.findByText('Ready')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send' }));

      await waitFor(() => expect(sentBody).toEqual({ content: '', imageIds: [photo.id] }));
      const img = await screen.findByRole('img', { name: 'Photo 1 of 1' });
      expect(img).toHaveAttribute('src', 'blob:photo');
      // The 400 px thumbnail's size is reserved: 400 × 267 for a 1200 × 800 photo.
      expect(img).toHaveAttribute('width', '400');
      expect(img).toHaveAttribute('height', '267');
      expect(screen.queryByRole('list', { name: 'Photos to send' })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => String(url) === photo.thumbUrl)).toBe(true);
    });

    it('shows the server’s refusal of a photo, lets it be removed, and stops at four photos', async () => {
      threadApi();
      const user = userEvent.setup({ delay: null });
      renderAt(`/messages/${conv}`);
      const input = await screen.findByTestId('msg-photo-input');
      await user.upload(input, jpeg('broken.jpg'));
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      act(() =>
        FakeXhr.sent[0]!.respond(400, undefined, {
          code: 'IMAGES.UNREADABLE',
          message: 'This photo could not be read. It may be damaged; please try another.',
          requestId: 'r',
        }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This photo could not be read. It may be damaged; please try another.',
      );
      await user.click(screen.getByRole('button', { name: 'Remove Photo 1 (broken.jpg)' }));
      expect(screen.queryByRole('list', { name: 'Photos to send' })).not.toBeInTheDocument();

      await user.upload(
        input,
        ['a', 'b', 'c', 'd', 'e'].map((n) => jpeg(`${n}.jpg`)),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'A message can carry at most 4 photos.',
      );
      expect(
        within(screen.getByRole('list', { name: 'Photos to send' })).getAllByRole('listitem'),
      ).toHaveLength(4);
      expect(screen.getByRole('button', { name: 'Add photos' })).toBeDisabled();
    });
  });
});
