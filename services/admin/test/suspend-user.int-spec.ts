import 'reflect-metadata';
import {
  type AdminPage,
  type AuditEntryDto,
  type CaseDto,
  type ModerationDecidedV1,
  type ReportReceiptDto,
} from '@loadout/contracts';
import { OutboxPublisher, quietLogger, waitFor } from '@loadout/events/testing';
import { startServiceUnderTest, type ServiceUnderTest } from '@loadout/service-kit/testing';
import { type AdminConfig } from '../src/admin.config';
import { adminService } from '../src/admin.service';
import { startIdentityStandIn, type IdentityStandIn } from './support/identity-stand-in';

const statement = {
  facts: 'The user asked buyers to pay by bank transfer and never sent the items.',
  groundType: 'terms',
  ground: 'Terms of service: account suspension for fraud',
};

/** Issue 26 phase 2 (ADR 0035): `suspend_user` decisions and the audit of account actions. */
describe('suspending a user from a moderation case', () => {
  let identity: IdentityStandIn;
  let t: ServiceUnderTest<AdminConfig>;
  let events: OutboxPublisher;
  let admin1 = '';
  let admin2 = '';
  let scammer = '';

  beforeAll(async () => {
    identity = await startIdentityStandIn();
    identity.users.set('scammer', 'user-scam');
    identity.users.set('admin_friend', 'user-admin');
    t = await startServiceUnderTest(adminService, {
      env: { IDENTITY_URL: identity.url },
      app: {
        http: { trustedProxies: ['127.0.0.1', '::1'] },
        consumer: { maxAttempts: 2, retryDelayMs: 10, logger: quietLogger() },
      },
    });
    admin1 = await t.token('admin-1', ['user', 'admin']);
    admin2 = await t.token('admin-2', ['user', 'admin']);
    scammer = await t.token('user-scam');
    events = await OutboxPublisher.start(t.db.url, 'identity');
  }, 60_000);
  afterAll(async () => {
    await events?.close();
    await t?.close();
    await identity?.close();
  });

  const reportProfile = async (username: string) =>
    (
      await t.call<ReportReceiptDto>('/api/v1/reports', {
        method: 'POST',
        json: {
          subjectType: 'profile',
          subjectId: username,
          reason: 'scam_or_fraud',
          details: 'Took my money and blocked me.',
          goodFaith: true,
          reporterEmail: 'victim@example.ie',
        },
      })
    ).body.caseId;
  const decide = (caseId: string, json: Record<string, unknown>, token = admin1) =>
    t.call<CaseDto & { code?: string }>(`/api/v1/admin/cases/${caseId}/decision`, {
      method: 'POST',
      token,
      json: { statement, ...json },
    });
  const decided = async () =>
    (
      (await t.ds.query(
        `SELECT envelope FROM "admin"."outbox" WHERE topic = 'admin.moderation.decided.v1' ORDER BY seq`,
      )) as { envelope: { payload: ModerationDecidedV1 } }[]
    ).map((r) => r.envelope.payload);

  it('suspends through identity with the admin’s token, audits it and sends the statement', async () => {
    const caseId = await reportProfile('scammer');
    const missing = await decide(caseId, { action: 'suspend_user' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('ADMIN.SUSPENSION_REQUIRED');
    expect((await decide(caseId, { action: 'warn_user', suspension: '7d' })).status).toBe(400);
    expect((await decide(caseId, { action: 'suspend_user', suspension: '3d' })).status).toBe(400);
    expect(identity.calls).toEqual([]);

    const res = await decide(caseId, { action: 'suspend_user', suspension: '7d' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'decided', affectedUserId: 'user-scam' });
    expect(identity.calls).toEqual([
      {
        method: 'POST',
        userId: 'user-scam',
        token: admin1,
        body: {
          duration: '7d',
          reason: `${statement.facts} (${statement.ground})`,
        },
      },
    ]);
    const [event] = await decided();
    expect(event).toMatchObject({
      action: 'suspend_user',
      affectedUserId: 'user-scam',
      suspension: { duration: '7d', until: expect.any(String) },
      statement: { facts: statement.facts, redress: expect.stringContaining('appeal') },
      reporters: [expect.objectContaining({ email: 'victim@example.ie' })],
    });
    const audit = await t.call<AdminPage<AuditEntryDto>>('/api/v1/admin/audit-log', {
      token: admin1,
    });
    expect(audit.body.items[0]).toMatchObject({
      actorId: 'admin-1',
      action: 'case.suspend_user',
      targetId: caseId,
      details: expect.objectContaining({
        affectedUserId: 'user-scam',
        suspension: { duration: '7d', until: expect.any(String) },
      }),
    });
  });

  it('lifts the suspension in identity when another admin reverses it on appeal', async () => {
    const caseId = (await decided())[0]!.caseId;
    const appeal = await t.call(`/api/v1/reports/cases/${caseId}/appeal`, {
      method: 'POST',
      token: scammer,
      json: { statement: 'That was my brother using my account, it is secured now.' },
    });
    expect(appeal.status).toBe(201);
    const reversed = await t.call<CaseDto>(`/api/v1/admin/cases/${caseId}/appeal-decision`, {
      method: 'POST',
      token: admin2,
      json: { outcome: 'reversed', statement },
    });
    expect(reversed.status).toBe(200);
    expect(identity.calls.at(-1)).toEqual({
      method: 'DELETE',
      userId: 'user-scam',
      token: admin2,
      body: { reason: statement.facts },
    });
  });

  it('records nothing when identity refuses (an admin account)', async () => {
    const caseId = await reportProfile('admin_friend');
    identity.refuseNextWith = 409;
    const res = await decide(caseId, { action: 'suspend_user', suspension: 'permanent' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ADMIN.ACTION_REFUSED');
    const c = await t.call<CaseDto>(`/api/v1/admin/cases/${caseId}`, { token: admin1 });
    expect(c.body.status).toBe('open');
  });

  it('audits account actions taken in identity from its events', async () => {
    await events.publish(
      {
        type: 'identity.user.suspended.v1',
        aggregateId: 'user-x',
        payload: { userId: 'user-x', reason: 'Spam', until: null, suspendedBy: 'admin-2' },
      },
      { actorId: 'admin-2' },
    );
    await events.publish(
      {
        type: 'identity.user.reinstated.v1',
        aggregateId: 'user-x',
        payload: { userId: 'user-x', cause: 'expired', liftedBy: null, note: null },
      },
      { actorId: null },
    );
    await events.publish(
      {
        type: 'identity.user.role_changed.v1',
        aggregateId: 'user-y',
        payload: { userId: 'user-y', role: 'admin', previousRole: 'user', reason: 'New moderator' },
      },
      { actorId: 'admin-1' },
    );
    const userEntries = async () =>
      (
        await t.call<AdminPage<AuditEntryDto>>('/api/v1/admin/audit-log?targetType=user', {
          token: admin1,
        })
      ).body.items;
    await waitFor('three audit entries', async () => (await userEntries()).length === 3);
    expect(
      (await userEntries()).map((e) => [e.actorId, e.action, e.targetId, e.reason]).sort(),
    ).toEqual([
      ['admin-1', 'user.admin_granted', 'user-y', 'New moderator'],
      ['admin-2', 'user.suspended', 'user-x', 'Spam'],
      ['system', 'user.suspension_expired', 'user-x', null],
    ]);
  });
});
