import 'reflect-metadata';
import {
  type AdminPage,
  type AuditEntryDto,
  type CaseDto,
  type CaseSummaryDto,
  type ModerationDecidedV1,
  type ReportReceiptDto,
  type ReportReceivedV1,
} from '@loadout/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@loadout/service-kit/testing';
import { type AdminConfig } from '../src/admin.config';
import { adminService } from '../src/admin.service';
import { startListingsStandIn, type ListingsStandIn } from './support/listings-stand-in';

const LISTING = 'LSTabcdefghijklmnop12';
const statement = {
  facts: 'The replica is declared at 420 fps with 0.20 g BBs, about 1.64 joules.',
  groundType: 'law',
  ground: 'Firearms Act 1925 s.1',
};

describe('notice and action: report → case → decision → statements → appeal', () => {
  let listings: ListingsStandIn;
  let t: ServiceUnderTest<AdminConfig>;
  let admin1 = '';
  let admin2 = '';
  let seller = '';
  let reporter = '';

  beforeAll(async () => {
    listings = await startListingsStandIn();
    listings.listings.set(LISTING, 'seller-1');
    t = await startServiceUnderTest(adminService, {
      env: { LISTINGS_URL: listings.url },
      app: { http: { trustedProxies: ['127.0.0.1', '::1'] } },
    });
    admin1 = await t.token('admin-1', ['user', 'admin']);
    admin2 = await t.token('admin-2', ['user', 'admin']);
    seller = await t.token('seller-1');
    reporter = await t.token('buyer-1');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await listings?.close();
  });

  const report = (json: Record<string, unknown>, token?: string) =>
    t.call<ReportReceiptDto & { code?: string; message?: string }>('/api/v1/reports', {
      method: 'POST',
      json: {
        subjectType: 'listing',
        subjectId: LISTING,
        reason: 'illegal_item',
        details: 'The description says it shoots 420 fps.',
        goodFaith: true,
        ...json,
      },
      token,
    });
  const outbox = async <T>(topic: string) =>
    (
      (await t.ds.query(`SELECT envelope FROM "admin"."outbox" WHERE topic = $1 ORDER BY seq`, [
        topic,
      ])) as { envelope: { payload: T } }[]
    ).map((r) => r.envelope.payload);

  it('refuses a signed-out report without email, without the declaration, or on nothing', async () => {
    const noEmail = await report({});
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('Please provide an email address');
    expect((await report({ reporterEmail: 'v@example.ie', goodFaith: false })).status).toBe(400);
    expect((await report({ reporterEmail: 'v@example.ie', reason: 'ugly' })).status).toBe(400);
    const missing = await report({ reporterEmail: 'v@example.ie', subjectId: 'nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('ADMIN.SUBJECT_NOT_FOUND');
    const message = await report({ reporterEmail: 'v@example.ie', subjectType: 'message' });
    expect(message.status).toBe(400);
  });

  it('groups reports on one listing into one case and sends each reporter a receipt', async () => {
    const visitor = await report({ reporterEmail: 'visitor@example.ie' });
    expect(visitor.status).toBe(201);
    expect(visitor.body.reference).toMatch(/^R-[A-Z2-9]{8}$/);
    const member = await report({ reason: 'prohibited_item' }, reporter);
    expect(member.status).toBe(201);
    expect(member.body.caseId).toBe(visitor.body.caseId);
    expect(member.body.reference).not.toBe(visitor.body.reference);

    const receipts = await outbox<ReportReceivedV1>('admin.report.received.v1');
    expect(receipts).toEqual([
      expect.objectContaining({
        reference: visitor.body.reference,
        reporterId: null,
        reporterEmail: 'visitor@example.ie',
        caseId: visitor.body.caseId,
      }),
      expect.objectContaining({
        reference: member.body.reference,
        reporterId: 'buyer-1',
        reporterEmail: null,
      }),
    ]);

    const queue = await t.call<AdminPage<CaseSummaryDto>>('/api/v1/admin/cases?status=open', {
      token: admin1,
    });
    expect(queue.body.items).toEqual([
      expect.objectContaining({
        id: visitor.body.caseId,
        subjectType: 'listing',
        subjectId: LISTING,
        affectedUserId: 'seller-1',
        reportCount: 2,
        reasons: ['illegal_item', 'prohibited_item'],
        ageSeconds: expect.any(Number),
      }),
    ]);
    const filtered = await t.call<AdminPage<CaseSummaryDto>>(
      '/api/v1/admin/cases?reason=harassment',
      { token: admin1 },
    );
    expect(filtered.body.items).toEqual([]);
    expect((await t.call('/api/v1/admin/cases', { token: reporter })).status).toBe(403);
    expect((await t.call('/api/v1/admin/cases')).status).toBe(401);
  });

  it('removes the listing through listings with a statement sent to the seller and both reporters', async () => {
    const [c] = (
      await t.call<AdminPage<CaseSummaryDto>>('/api/v1/admin/cases?status=open', { token: admin1 })
    ).body.items;
    const wrong = await t.call<{ code: string }>(`/api/v1/admin/cases/${c!.id}/decision`, {
      method: 'POST',
      token: admin1,
      json: { action: 'hide_message', statement },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('ADMIN.ACTION_NOT_APPLICABLE');

    const decided = await t.call<CaseDto>(`/api/v1/admin/cases/${c!.id}/decision`, {
      method: 'POST',
      token: admin1,
      json: { action: 'remove_listing', statement },
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'decided', affectedUserId: 'seller-1' });
    expect(decided.body.decisions[0]!.statement).toMatchObject({
      ...statement,
      automated: false,
      redress: expect.stringContaining('appeal this decision once'),
    });
    expect(listings.removals).toEqual([
      { id: LISTING, token: admin1, reason: expect.stringContaining('1.64 joules') },
    ]);

    const [event] = await outbox<ModerationDecidedV1>('admin.moderation.decided.v1');
    expect(event).toMatchObject({
      caseId: c!.id,
      kind: 'decision',
      action: 'remove_listing',
      affectedUserId: 'seller-1',
      statement: { ground: 'Firearms Act 1925 s.1' },
    });
    expect(event!.reporters.map((r) => r.userId ?? r.email)).toEqual([
      'visitor@example.ie',
      'buyer-1',
    ]);

    const again = await t.call<{ code: string }>(`/api/v1/admin/cases/${c!.id}/decision`, {
      method: 'POST',
      token: admin2,
      json: { action: 'dismiss', statement },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ADMIN.CASE_ALREADY_DECIDED');

    const audit = await t.call<AdminPage<AuditEntryDto>>(
      '/api/v1/admin/audit-log?targetType=case',
      {
        token: admin1,
      },
    );
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        actorId: 'admin-1',
        action: 'case.remove_listing',
        targetId: c!.id,
      }),
    ]);

    // A new report on the same listing opens a new case: the decided one stays as it was.
    const later = await report({}, reporter);
    expect(later.body.caseId).not.toBe(c!.id);
  });

  it('lets the seller appeal once and a different admin decide it', async () => {
    const decided = (
      await t.call<AdminPage<CaseSummaryDto>>('/api/v1/admin/cases?status=decided', {
        token: admin1,
      })
    ).body.items[0]!;
    const appeal = (token: string) =>
      t.call<{ code: string }>(`/api/v1/reports/cases/${decided.id}/appeal`, {
        method: 'POST',
        token,
        json: { statement: 'I measured it at 320 fps, the listing had a typo.' },
      });
    expect((await appeal(reporter)).status).toBe(404);
    expect((await appeal(seller)).status).toBe(201);
    const twice = await appeal(seller);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('ADMIN.ALREADY_APPEALED');

    const decideAppeal = (token: string) =>
      t.call<CaseDto & { code: string }>(`/api/v1/admin/cases/${decided.id}/appeal-decision`, {
        method: 'POST',
        token,
        json: { outcome: 'upheld', statement },
      });
    const same = await decideAppeal(admin1);
    expect(same.status).toBe(403);
    expect(same.body.code).toBe('ADMIN.SAME_DECIDER');
    const other = await decideAppeal(admin2);
    expect(other.status).toBe(200);
    expect(other.body.status).toBe('closed');
    expect(other.body.appeal).toMatchObject({ appellantId: 'seller-1' });
    expect(other.body.decisions.map((d) => [d.kind, d.action, d.decidedBy])).toEqual([
      ['decision', 'remove_listing', 'admin-1'],
      ['appeal', 'upheld', 'admin-2'],
    ]);
    const events = await outbox<ModerationDecidedV1>('admin.moderation.decided.v1');
    expect(events[1]).toMatchObject({
      kind: 'appeal',
      action: 'upheld',
      affectedUserId: 'seller-1',
      statement: { redress: expect.stringContaining('final on Loadout') },
    });
  });

  it('warns the owner of a reported profile only when the profile owner is known', async () => {
    // No identity URL here: the owner of a profile is unknown, so warning is refused.
    const profile = await report(
      { subjectType: 'profile', subjectId: 'nasty.user', reason: 'harassment' },
      reporter,
    );
    expect(profile.status).toBe(201);
    const warn = await t.call<{ code: string }>(
      `/api/v1/admin/cases/${profile.body.caseId}/decision`,
      { method: 'POST', token: admin1, json: { action: 'warn_user', statement } },
    );
    expect(warn.status).toBe(409);
    expect(warn.body.code).toBe('ADMIN.AFFECTED_USER_UNKNOWN');
    const dismiss = await t.call<CaseDto>(`/api/v1/admin/cases/${profile.body.caseId}/decision`, {
      method: 'POST',
      token: admin1,
      json: { action: 'dismiss', statement },
    });
    expect(dismiss.body.status).toBe('decided');
    expect(dismiss.body.decisions[0]!.statement.redress).toContain('No action was taken');
  });
});
