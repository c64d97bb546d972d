import { type CaseDto, type CaseSummaryDto } from '@loadout/contracts';
import { callsTo, expectToast, mockApi, setupUser, where } from '@loadout/web/testing';
import { screen, within } from '@testing-library/react';
import { ADMIN, renderAdmin } from '../test-utils';

const summary = (over: Partial<CaseSummaryDto> = {}): CaseSummaryDto => ({
  id: 'case0000000000000001x',
  subjectType: 'listing',
  subjectId: 'LST1',
  conversationId: null,
  affectedUserId: 'seller-1',
  status: 'open',
  reasons: ['illegal_item'],
  reportCount: 2,
  firstReportedAt: '2026-11-24T10:00:00.000000Z',
  lastReportedAt: '2026-11-25T10:00:00.000000Z',
  ageSeconds: 2 * 86_400 + 3 * 3600,
  ...over,
});

const full = (over: Partial<CaseDto> = {}): CaseDto => ({
  ...summary(),
  reports: [
    {
      id: 'r1',
      reference: 'R-ABCD2345',
      reason: 'illegal_item',
      details: 'It says 420 fps.',
      reporterId: null,
      reporterEmail: 'v@example.ie',
      createdAt: '2026-11-24T10:00:00.000000Z',
    },
  ],
  decisions: [],
  appeal: null,
  ...over,
});

const templates = [
  {
    reason: 'illegal_item',
    action: 'remove_listing',
    groundType: 'law',
    ground: 'Firearms Act 1925 s.1',
    facts: 'The listing offers a replica above 1 joule.',
  },
];

describe('the moderation queue', () => {
  it('lists open cases with their age, keeps filters and the page in the URL', async () => {
    mockApi({
      '/api/v1/admin/cases': (url: URL) =>
        url.searchParams.get('cursor')
          ? {
              items: [summary({ id: 'case0000000000000002x', subjectId: 'LST2' })],
              nextCursor: null,
            }
          : { items: [summary()], nextCursor: 'next-1' },
    });
    renderAdmin('/admin/cases');
    const user = setupUser();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Listing LST1' })).toHaveAttribute(
      'href',
      '/admin/cases/case0000000000000001x',
    );
    expect(within(table).getByText('2 d 3 h')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'harassment');
    expect(where()).toBe('/admin/cases?reason=harassment');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(where()).toBe('/admin/cases?reason=harassment&cursor=next-1');
    expect(await screen.findByRole('link', { name: 'Listing LST2' })).toBeInTheDocument();
  });
});

describe('a case', () => {
  it('records a decision from a template with the statement of reasons', async () => {
    const api = mockApi({
      '/api/v1/admin/cases/case0000000000000001x': full(),
      '/api/v1/admin/statement-templates': templates,
      'POST /api/v1/admin/cases/case0000000000000001x/decision': full({ status: 'decided' }),
    });
    renderAdmin('/admin/cases/case0000000000000001x');
    const user = setupUser();
    expect(await screen.findByText('It says 420 fps.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Decide the case' });
    // A listing is removed or its seller warned; only messages are hidden.
    const actions = within(form).getByRole('combobox', { name: 'Action' });
    expect(within(actions).queryByRole('option', { name: 'Hide the message' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(await within(form).findByText('Choose what to do.')).toBeInTheDocument();
    await user.selectOptions(
      await within(form).findByRole('combobox', { name: 'Start from a template' }),
      '0',
    );
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    await expectToast('Decision recorded');
    expect(
      callsTo(api, 'POST /api/v1/admin/cases/case0000000000000001x/decision')[0]!.body,
    ).toEqual({
      action: 'remove_listing',
      statement: {
        facts: 'The listing offers a replica above 1 joule.',
        groundType: 'law',
        ground: 'Firearms Act 1925 s.1',
      },
    });
  });

  it('asks how long before suspending the user, and sends it with the decision', async () => {
    const api = mockApi({
      '/api/v1/admin/cases/case0000000000000001x': full({ subjectType: 'profile' }),
      '/api/v1/admin/statement-templates': [],
      'POST /api/v1/admin/cases/case0000000000000001x/decision': full({ status: 'decided' }),
    });
    renderAdmin('/admin/cases/case0000000000000001x');
    const user = setupUser();
    const form = await screen.findByRole('form', { name: 'Decide the case' });
    expect(within(form).queryByRole('combobox', { name: /Suspend for/ })).toBeNull();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Action/ }),
      'suspend_user',
    );
    await user.type(
      within(form).getByRole('textbox', { name: /Facts/ }),
      'Took payments outside checkout.',
    );
    await user.type(within(form).getByRole('textbox', { name: /Law or terms/ }), 'Terms: fraud');
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(
      await within(form).findByText('Choose how long to suspend the user.'),
    ).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/v1/admin/cases/case0000000000000001x/decision')).toHaveLength(0);
    await user.selectOptions(within(form).getByRole('combobox', { name: /Suspend for/ }), '30d');
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    await expectToast('Decision recorded');
    expect(
      callsTo(api, 'POST /api/v1/admin/cases/case0000000000000001x/decision')[0]!.body,
    ).toEqual({
      action: 'suspend_user',
      suspension: '30d',
      statement: {
        facts: 'Took payments outside checkout.',
        groundType: 'terms',
        ground: 'Terms: fraud',
      },
    });
  });

  it('leaves an appeal to a different admin than the first decider', async () => {
    mockApi({
      '/api/v1/admin/cases/case0000000000000001x': full({
        status: 'appealed',
        decisions: [
          {
            id: 'd1',
            kind: 'decision',
            action: 'remove_listing',
            decidedBy: ADMIN.id,
            statement: {
              facts: 'f',
              groundType: 'law',
              ground: 'g',
              automated: false,
              redress: 'r',
            },
            createdAt: '2026-11-25T10:00:00.000000Z',
          },
        ],
        appeal: { appellantId: 'seller-1', statement: 'It was a typo.', createdAt: 'x' },
      }),
      '/api/v1/admin/statement-templates': templates,
    });
    renderAdmin('/admin/cases/case0000000000000001x');
    expect(
      await screen.findByText(
        'You took the first decision: a different administrator decides the appeal.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Decide the appeal' })).toBeNull();
  });
});
