import 'reflect-metadata';
import { type ReportReceiptDto, type ServiceDataExport } from '@loadout/contracts';
import { OutboxPublisher, quietLogger, waitFor } from '@loadout/events/testing';
import { startServiceUnderTest, type ServiceUnderTest } from '@loadout/service-kit/testing';
import { type AdminConfig } from '../src/admin.config';
import { adminService } from '../src/admin.service';
import { startListingsStandIn, type ListingsStandIn } from './support/listings-stand-in';

const LISTING = 'LSTprivacyabcdefghij1';

/** Issue 26 GDPR self-service (ADR 0039): the admin service's export and erasure. */
describe('admin privacy', () => {
  let listings: ListingsStandIn;
  let t: ServiceUnderTest<AdminConfig>;
  let events: OutboxPublisher;

  beforeAll(async () => {
    listings = await startListingsStandIn();
    listings.listings.set(LISTING, 'seller-9');
    t = await startServiceUnderTest(adminService, {
      env: { LISTINGS_URL: listings.url },
      app: {
        http: { trustedProxies: ['127.0.0.1', '::1'] },
        consumer: { maxAttempts: 2, retryDelayMs: 10, logger: quietLogger() },
      },
    });
    events = await OutboxPublisher.start(t.db.url, 'identity');
  }, 60_000);
  afterAll(async () => {
    await events?.close();
    await t?.close();
    await listings?.close();
  });

  it('exports reports and bug reports to their author only, and keeps them by id after deletion', async () => {
    const member = await t.token('member-9', ['user'], { email: 'member9@example.ie' });
    const other = await t.token('other-9');
    const report = await t.call<ReportReceiptDto>('/api/v1/reports', {
      method: 'POST',
      token: member,
      json: {
        subjectType: 'listing',
        subjectId: LISTING,
        reason: 'illegal_item',
        details: 'Declared at 450 fps with 0.20 g BBs.',
        goodFaith: true,
      },
      headers: { 'x-loadout-client-ip': '203.0.113.90' },
    });
    expect(report.status).toBe(201);
    const bug = await t.call<{ id: string }>('/api/v1/bug-reports', {
      method: 'POST',
      token: member,
      json: { description: 'The map is blank on my phone', userAgent: 'PhoneUA/1.0' },
      headers: { 'x-loadout-client-ip': '203.0.113.90' },
    });
    expect(bug.status).toBe(201);

    expect((await t.call(`/internal/users/member-9/export`)).status).toBe(401);
    const refused = await t.call<{ code: string }>(`/internal/users/member-9/export`, {
      token: other,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ADMIN.NOT_YOUR_DATA');
    const mine = await t.call<ServiceDataExport>(`/internal/users/member-9/export`, {
      token: member,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      reportsMade: [
        expect.objectContaining({
          reference: report.body.reference,
          subjectType: 'listing',
          subjectId: LISTING,
          details: 'Declared at 450 fps with 0.20 g BBs.',
        }),
      ],
      bugReports: [
        expect.objectContaining({
          description: 'The map is blank on my phone',
          email: 'member9@example.ie',
        }),
      ],
    });

    await events.publish({
      type: 'identity.user.deleted.v1',
      aggregateId: 'member-9',
      payload: { userId: 'member-9', deletedAt: new Date().toISOString() },
    });
    const bugRow = async () =>
      (
        (await t.ds.query(
          `SELECT email, user_agent, reporter_id, description FROM admin.bug_reports WHERE id = $1`,
          [bug.body.id],
        )) as Record<string, unknown>[]
      )[0]!;
    await waitFor('contact details erased', async () => (await bugRow())['email'] === null);
    expect(await bugRow()).toEqual({
      email: null,
      user_agent: null,
      reporter_id: 'member-9',
      description: 'The map is blank on my phone',
    });
    // The report and its case stay, naming the reporter by id only.
    const reports = (await t.ds.query(
      `SELECT reporter_id, reporter_email FROM admin.reports WHERE reference = $1`,
      [report.body.reference],
    )) as Record<string, unknown>[];
    expect(reports).toEqual([{ reporter_id: 'member-9', reporter_email: null }]);
  });
});
