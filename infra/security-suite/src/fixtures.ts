import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { DEMO, DEMO_PASSWORD, signIn, signUpVerified } from './callers';

export type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
export const CALLERS: Caller[] = ['anonymous', 'other', 'admin', 'owner'];

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  retryAfter: string | null;
}

/** One request straight to a service, as the gateway would send it (its client-IP header). */
export async function send(
  url: string,
  init: {
    method: string;
    token?: string;
    body?: unknown;
    /** Sent as it is, typed `contentType` (JSON unless said). */
    rawBody?: string | Buffer;
    contentType?: string;
  },
): Promise<Answer> {
  const headers: Record<string, string> = {
    // The services trust this header from the gateway's (loopback) hop only (ADR 0009); a
    // different address per request keeps service-side per-IP limits out of the way.
    'x-loadout-client-ip': `10.${rnd()}.${rnd()}.${rnd()}`,
  };
  if (init.token) headers['authorization'] = `Bearer ${init.token}`;
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  if (body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
  const res = await fetch(url, {
    method: init.method,
    headers,
    body,
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: await res.text(),
    retryAfter: res.headers.get('retry-after'),
  };
}
const rnd = () => Math.floor(Math.random() * 250) + 1;

/** Users, their access tokens and the objects they own, made through the API. */
export interface World {
  tokens: {
    buyer: string;
    seller: string;
    admin: string;
    stranger: string;
    /**
     * An account of its own for routes that end the caller's sessions (sign-out, ADR 0019):
     * the fuzz may sign it out everywhere without touching the tokens above.
     */
    throwaway: string;
  };
  /** The stranger's credentials, for cases that need sessions of their own. */
  stranger: { email: string; password: string };
  /** A published listing of the seller's (the one the buyer orders and asks about). */
  listingId: string;
  /** Published listings of the seller's for the destructive cells (one per caller). */
  spareListings: string[];
  orderId: string;
  conversationId: string;
  /** A photo the buyer uploaded to that conversation and has not sent. */
  messageImageId: string;
  uploadId: string;
  notificationId: string;
  fieldId: string;
  username: string;
  /** A bug report (the buyer's) and the moderation case of the buyer's report on the listing. */
  bugReportId: string;
  caseId: string;
  /** Two addresses of the buyer's address book: one to read and edit, one to delete. */
  addressId: string;
  spareAddressId: string;
}

/** A valid delivery address (the Eircode as a person types it). */
export const deliveryAddress = (line1 = '12 Main Street') => ({
  name: 'Aoife Byrne',
  line1,
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'n37 x2c4',
});

export const listingInput = (title: string, imageIds: string[] = []) => ({
  title,
  description: 'A listing made by the security suites: an example, not for sale.',
  category: 'tactical_gear',
  condition: 'good',
  priceCents: 12_500,
  county: 'Cork',
  shipping: { postageCents: 900, collection: true },
  imageIds,
  publish: imageIds.length > 0,
});

interface UploadTicket {
  uploadId: string;
  partSizeBytes: number;
  parts: Array<{ partNumber: number; url: string }>;
  headers: Record<string, string>;
}

/** A photo through the upload flow (start, PUT the bytes to the ticket's URLs, complete). */
const samplePng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

export async function uploadPhoto(listings: string, token: string): Promise<string> {
  const bytes = await samplePng();
  const ticket = await ok<UploadTicket>(
    'starting an upload',
    send(`${listings}/api/v1/uploads`, {
      method: 'POST',
      token,
      body: { fileName: 'example.png', contentType: 'image/png', sizeBytes: bytes.length },
    }),
  );
  const parts = [];
  for (const part of ticket.parts) {
    const from = (part.partNumber - 1) * ticket.partSizeBytes;
    const res = await fetch(listings + part.url, {
      method: 'PUT',
      headers: ticket.headers,
      body: bytes.subarray(from, from + ticket.partSizeBytes),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`upload part answered ${res.status}`);
    parts.push({ partNumber: part.partNumber, etag: res.headers.get('etag')! });
  }
  const done = await ok<{ id: string }>(
    'completing an upload',
    send(`${listings}/api/v1/uploads/${ticket.uploadId}/complete`, {
      method: 'POST',
      token,
      body: { parts },
    }),
  );
  return done.id;
}

export async function ok<T>(what: string, a: Promise<Answer>): Promise<T> {
  const answer = await a;
  if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${answer.body}`);
  return (answer.body ? JSON.parse(answer.body) : {}) as T;
}

export async function buildWorld(
  base: string,
  serviceUrl: (name: string) => string,
): Promise<World> {
  const strangerEmail = `stranger.${randomBytes(4).toString('hex')}@example.test`;
  const strangerPassword = `Str4nger-${randomBytes(6).toString('hex')}`;
  const throwawayEmail = `throwaway.${randomBytes(4).toString('hex')}@example.test`;
  await Promise.all([
    signUpVerified(base, serviceUrl('notifications'), strangerEmail, strangerPassword),
    signUpVerified(base, serviceUrl('notifications'), throwawayEmail, strangerPassword),
  ]);
  const [buyer, seller, admin, stranger, throwaway] = await Promise.all([
    signIn(base, DEMO.buyer, DEMO_PASSWORD),
    signIn(base, DEMO.seller, DEMO_PASSWORD),
    signIn(base, DEMO.admin, DEMO_PASSWORD),
    signIn(base, strangerEmail, strangerPassword),
    signIn(base, throwawayEmail, strangerPassword),
  ]);
  const listings = serviceUrl('listings');
  const create = async (title: string) =>
    (
      await ok<{ id: string }>(
        'creating a listing',
        send(`${listings}/api/v1/listings`, {
          method: 'POST',
          token: seller,
          body: listingInput(title, [await uploadPhoto(listings, seller)]),
        }),
      )
    ).id;
  const listingId = await create('Example suite listing (security suites)');
  const spareListings: string[] = [];
  for (let i = 0; i < 4; i++) spareListings.push(await create(`Example spare listing ${i}`));
  const order = await ok<{ id: string }>(
    'checkout',
    send(`${serviceUrl('orders')}/api/v1/orders`, {
      method: 'POST',
      token: buyer,
      body: { listingId, delivery: 'post', deliveryAddress: deliveryAddress() },
    }),
  );
  const addAddress = (line1: string) =>
    ok<{ id: string }>(
      'adding an address',
      send(`${serviceUrl('identity')}/api/v1/me/addresses`, {
        method: 'POST',
        token: buyer,
        body: deliveryAddress(line1),
      }),
    );
  const address = await addAddress('12 Main Street');
  const spareAddress = await addAddress('14 Main Street');
  const conversation = await ok<{ id: string }>(
    'starting a conversation',
    send(`${serviceUrl('messaging')}/api/v1/conversations`, {
      method: 'POST',
      token: buyer,
      body: { listingId },
    }),
  );
  const messageImage = await ok<{ id: string }>(
    'uploading a photo to the conversation',
    send(`${serviceUrl('messaging')}/api/v1/conversations/${conversation.id}/images`, {
      method: 'POST',
      token: buyer,
      rawBody: await samplePng(),
      contentType: 'image/png',
    }),
  );
  const upload = await ok<UploadTicket>(
    'starting an upload',
    send(`${listings}/api/v1/uploads`, {
      method: 'POST',
      token: seller,
      body: { fileName: 'example.jpg', contentType: 'image/jpeg', sizeBytes: 1000 },
    }),
  );
  // The seller is told about the order (an event, so wait for it).
  let notificationId: string | undefined;
  for (let attempt = 0; attempt < 150; attempt++) {
    const list = await ok<{ items: Array<{ id: string }> }>(
      'notifications',
      send(`${serviceUrl('notifications')}/api/v1/notifications`, { method: 'GET', token: seller }),
    );
    if (list.items.length) {
      notificationId = list.items[0]!.id;
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!notificationId) throw new Error('the seller was not notified of the order within 30 s');
  const fields = await ok<{ items: Array<{ id: string }> }>(
    'fields',
    send(`${serviceUrl('fields')}/api/v1/fields`, { method: 'GET' }),
  );
  const bugReport = await ok<{ id: string }>(
    'reporting a bug',
    send(`${serviceUrl('admin')}/api/v1/bug-reports`, {
      method: 'POST',
      token: buyer,
      body: { description: 'Made by the security suites.' },
    }),
  );
  const report = await ok<{ caseId: string }>(
    'reporting the listing',
    send(`${serviceUrl('admin')}/api/v1/reports`, {
      method: 'POST',
      token: buyer,
      body: {
        subjectType: 'listing',
        subjectId: listingId,
        reason: 'other',
        details: 'A report made by the security suites.',
        goodFaith: true,
      },
    }),
  );
  return {
    tokens: { buyer, seller, admin, stranger, throwaway },
    stranger: { email: strangerEmail, password: strangerPassword },
    listingId,
    spareListings,
    orderId: order.id,
    conversationId: conversation.id,
    messageImageId: messageImage.id,
    uploadId: upload.uploadId,
    addressId: address.id,
    spareAddressId: spareAddress.id,
    notificationId,
    fieldId: fields.items[0]!.id,
    username: 'demo_seller',
    bugReportId: bugReport.id,
    caseId: report.caseId,
  };
}
