import 'reflect-metadata';
import { type AdminPage, type AuditEntryDto, type BugReportDto } from '@loadout/contracts';
import { useServiceUnderTest } from '@loadout/service-kit/testing';
import { adminService } from '../src/admin.service';

describe('bug reports', () => {
  const t = useServiceUnderTest(adminService, {
    env: { BUG_REPORTS_PER_HOUR: '4' },
    // The test plays the gateway's hop, which names the client address.
    app: { http: { trustedProxies: ['127.0.0.1', '::1'] } },
  });
  const post = (json: unknown, init: { token?: string; ip?: string } = {}) =>
    t.call<{ code: string; message: string; id?: string }>('/api/v1/bug-reports', {
      method: 'POST',
      json,
      token: init.token,
      headers: { 'x-loadout-client-ip': init.ip ?? '203.0.113.1' },
    });

  it("refuses a blank description and a signed-out report without email with the seed's texts", async () => {
    const blank = await post({ description: '   ', email: 'a@example.ie' }, { ip: '203.0.113.10' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      code: 'COMMON.VALIDATION_FAILED',
      message: 'Please describe the issue',
    });
    const noEmail = await post({ description: 'The map is blank' }, { ip: '203.0.113.10' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('Please provide an email address');
    const badSeverity = await post(
      { description: 'x', email: 'a@example.ie', severity: 'urgent' },
      { ip: '203.0.113.10' },
    );
    expect(badSeverity.status).toBe(400);
  });

  it('stores a report (medium by default) that admins list as open and close, audited', async () => {
    const user = await t.token('user-7', ['user'], { email: 'user7@example.ie' });
    const signedIn = await post(
      { description: 'Checkout button does nothing', pageUrl: 'http://localhost:8080/checkout/x' },
      { token: user, ip: '203.0.113.11' },
    );
    expect(signedIn.status).toBe(201);
    const anon = await post(
      {
        description: 'Photos fail',
        email: 'visitor@example.ie',
        severity: 'high',
        userAgent: 'UA',
      },
      { ip: '203.0.113.11' },
    );
    expect(anon.status).toBe(201);

    const admin = await t.token('admin-1', ['user', 'admin']);
    const list = await t.call<AdminPage<BugReportDto>>('/api/v1/admin/bug-reports?status=open', {
      token: admin,
    });
    expect(list.status).toBe(200);
    const mine = list.body.items.find((r) => r.id === signedIn.body.id)!;
    expect(mine).toMatchObject({
      severity: 'medium',
      email: 'user7@example.ie',
      reporterId: 'user-7',
      status: 'open',
      pageUrl: 'http://localhost:8080/checkout/x',
    });
    expect(list.body.items.find((r) => r.id === anon.body.id)).toMatchObject({
      severity: 'high',
      email: 'visitor@example.ie',
      reporterId: null,
      userAgent: 'UA',
    });

    const closed = await t.call<BugReportDto>(`/api/v1/admin/bug-reports/${anon.body.id}`, {
      method: 'PATCH',
      token: admin,
      json: { status: 'closed' },
    });
    expect(closed.body).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    const open = await t.call<AdminPage<BugReportDto>>('/api/v1/admin/bug-reports?status=open', {
      token: admin,
    });
    expect(open.body.items.map((r) => r.id)).not.toContain(anon.body.id);
    const audit = await t.call<AdminPage<AuditEntryDto>>('/api/v1/admin/audit-log', {
      token: admin,
    });
    expect(audit.body.items[0]).toMatchObject({
      actorId: 'admin-1',
      action: 'bug_report.closed',
      targetType: 'bug_report',
      targetId: anon.body.id,
    });
  });

  it('pages admins through reports newest first with a keyset cursor', async () => {
    const admin = await t.token('admin-1', ['user', 'admin']);
    for (const n of [1, 2, 3])
      expect(
        (
          await post(
            { description: `Paged ${n}`, email: 'p@example.ie' },
            { ip: `198.51.100.${n}` },
          )
        ).status,
      ).toBe(201);
    const first = await t.call<AdminPage<BugReportDto>>('/api/v1/admin/bug-reports?limit=2', {
      token: admin,
    });
    expect(first.body.items.map((r) => r.description)).toEqual(['Paged 3', 'Paged 2']);
    const second = await t.call<AdminPage<BugReportDto>>(
      `/api/v1/admin/bug-reports?limit=2&cursor=${first.body.nextCursor}`,
      { token: admin },
    );
    expect(second.body.items[0]!.description).toBe('Paged 1');
    const bad = await t.call('/api/v1/admin/bug-reports?cursor=garbage', { token: admin });
    expect(bad.status).toBe(400);
  });

  it('limits reports per client address (429) without limiting other addresses', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 4; i++)
      expect(
        (await post({ description: `Flood ${i}`, email: 'f@example.ie' }, { ip })).status,
      ).toBe(201);
    const limited = await post({ description: 'One more', email: 'f@example.ie' }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('ADMIN.RATE_LIMITED');
    expect(
      (await post({ description: 'Other', email: 'f@example.ie' }, { ip: '192.0.2.78' })).status,
    ).toBe(201);
  });

  it('answers the admin routes to admins only and keeps the audit log append-only', async () => {
    expect((await t.call('/api/v1/admin/bug-reports')).status).toBe(401);
    const user = await t.token('user-8');
    expect((await t.call('/api/v1/admin/bug-reports', { token: user })).status).toBe(403);
    expect((await t.call('/api/v1/admin/audit-log', { token: user })).status).toBe(403);
    await expect(t.ds.query(`DELETE FROM "admin"."audit_log"`)).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`UPDATE "admin"."audit_log" SET reason = 'x'`)).rejects.toThrow(
      /append-only/,
    );
  });
});
