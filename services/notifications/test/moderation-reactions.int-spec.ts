import 'reflect-metadata';
import { type ModerationDecidedV1, type ReportReceivedV1 } from '@loadout/contracts';
import { waitFor } from '@loadout/events/testing';
import { newEmail, newUserId, userRegistered } from './factories/identity-event.factory';
import {
  startNotificationsTestApp,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(30_000);

describe('admin notice-and-action events → receipts and statements of reasons', () => {
  let t: NotificationsTestApp;

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_moderation');
  });
  afterAll(() => t?.close());

  const inbox = async (userId: string) =>
    (await t.ds.query(
      `SELECT type, title, message FROM notifications.notifications WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as { type: string; title: string; message: string }[];

  const received = (over: Partial<ReportReceivedV1>): ReportReceivedV1 => ({
    reportId: 'rep00000000000000001',
    reference: 'R-ABCDEFGH',
    caseId: 'case0000000000000001',
    subjectType: 'listing',
    subjectId: 'lst00000000000000001',
    reason: 'illegal_item',
    reporterId: null,
    reporterEmail: null,
    receivedAt: new Date().toISOString(),
    ...over,
  });

  it('confirms a notice by email to a signed-out reporter and in the inbox of a signed-in one', async () => {
    const admin = await t.publisher('admin');
    const visitor = newEmail('visitor');
    const member = newUserId();
    const a = await admin.publish({
      type: 'admin.report.received.v1',
      aggregateId: 'case0000000000000001',
      payload: received({ reference: 'R-VISITOR2', reporterEmail: visitor }),
    });
    const b = await admin.publish({
      type: 'admin.report.received.v1',
      aggregateId: 'case0000000000000001',
      payload: received({ reference: 'R-MEMBER23', reporterId: member }),
    });
    await t.consumed(a.id);
    await t.consumed(b.id);
    const [mail] = await t.waitForMail(visitor);
    expect(mail!.subject).toBe('We received your report R-VISITOR2');
    expect(await inbox(member)).toEqual([
      {
        type: 'other',
        title: 'We received your report',
        message: expect.stringContaining('Reference R-MEMBER23'),
      },
    ]);
  });

  it('sends the statement of reasons to the affected seller and the outcome to each reporter', async () => {
    const identity = await t.publisher('identity');
    const seller = newUserId();
    const sellerEmail = newEmail('seller');
    await identity.publish(userRegistered(seller, sellerEmail, 'Cian Walsh'));
    await waitFor('the seller known', async () => {
      const rows = await t.ds.query(`SELECT 1 FROM notifications.recipients WHERE user_id = $1`, [
        seller,
      ]);
      return rows.length === 1;
    });
    const member = newUserId();
    const visitor = newEmail('visitor2');
    const decided: ModerationDecidedV1 = {
      caseId: 'case0000000000000002',
      decisionId: 'dec00000000000000001',
      kind: 'decision',
      action: 'remove_listing',
      subjectType: 'listing',
      subjectId: 'lst00000000000000002',
      affectedUserId: seller,
      statement: {
        facts: 'The replica is declared at 420 fps (1.64 J).',
        groundType: 'law',
        ground: 'Firearms Act 1925 s.1',
        automated: false,
        redress: 'You can appeal this decision once.',
      },
      reporters: [
        { reference: 'R-AAAAAAAA', userId: member, email: null },
        { reference: 'R-BBBBBBBB', userId: null, email: visitor },
      ],
      decidedAt: new Date().toISOString(),
    };
    const event = await (
      await t.publisher('admin')
    ).publish({
      type: 'admin.moderation.decided.v1',
      aggregateId: decided.caseId,
      payload: decided,
    });
    await t.consumed(event.id);

    expect(await inbox(seller)).toEqual([
      expect.objectContaining({
        title: 'Your listing was removed',
        message: expect.stringContaining('Firearms Act 1925 s.1'),
      }),
    ]);
    const [statement] = await t.waitForMail(sellerEmail);
    expect(statement!.subject).toBe('Your listing was removed (Loadout)');
    const text = (await t.ds.query(`SELECT text FROM notifications.dev_mailbox WHERE "to" = $1`, [
      sellerEmail,
    ])) as { text: string }[];
    expect(text[0]!.text).toContain('Facts: The replica is declared at 420 fps (1.64 J).');
    expect(text[0]!.text).toContain('without automated means');
    expect(text[0]!.text).toContain('How to seek redress: You can appeal this decision once.');

    expect(await inbox(member)).toEqual([
      expect.objectContaining({
        title: 'Outcome of your report R-AAAAAAAA',
        message: expect.stringContaining('We removed the listing.'),
      }),
    ]);
    const [outcome] = await t.waitForMail(visitor);
    expect(outcome!.subject).toBe('Outcome of your report R-BBBBBBBB');
  });

  it('tells nobody but the reporters about a dismissal', async () => {
    const owner = newUserId();
    const member = newUserId();
    const event = await (
      await t.publisher('admin')
    ).publish({
      type: 'admin.moderation.decided.v1',
      aggregateId: 'case0000000000000003',
      payload: {
        caseId: 'case0000000000000003',
        decisionId: 'dec00000000000000002',
        kind: 'decision',
        action: 'dismiss',
        subjectType: 'profile',
        subjectId: 'someone',
        affectedUserId: owner,
        statement: {
          facts: 'The profile breaks no rule.',
          groundType: 'terms',
          ground: 'Terms of service',
          automated: false,
          redress: 'No action was taken.',
        },
        reporters: [{ reference: 'R-CCCCCCCC', userId: member, email: null }],
        decidedAt: new Date().toISOString(),
      },
    });
    await t.consumed(event.id);
    expect(await inbox(owner)).toEqual([]);
    expect((await inbox(member))[0]!.message).toContain('We reviewed it and took no action.');
  });
});
