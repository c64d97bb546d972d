import { createSession, requestReport } from '@loadout/web';
import {
  callsTo,
  errorResponse,
  expectToast,
  mockApi,
  renderRemote,
  setupUser,
} from '@loadout/web/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { NIAMH } from '../test-utils';
import { BugReportButton } from './BugReportButton';
import { ReportDialog } from './ReportDialog';

// Dialogs with several fields on two busy cores take longer than jest's 5 s default.
jest.setTimeout(20_000);

const signedOut = createSession('signed-out');

/** Puts `text` in a field at once (typing it key by key is what slows jsdom down). */
async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const signedIn = createSession(NIAMH);

async function openBugDialog(session = signedOut) {
  renderRemote(<BugReportButton />, '/marketplace', { session });
  const user = setupUser();
  await user.click(screen.getByRole('button', { name: 'Report a Bug' }));
  return user;
}

describe('Report a Bug (seed §2, §5, §8)', () => {
  it("refuses a blank description and, signed out, a missing email with the seed's texts", async () => {
    const api = mockApi({});
    const user = await openBugDialog();
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('medium');
    await fill(user, screen.getByRole('textbox', { name: /Description/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Please describe the issue')).toBeInTheDocument();
    expect(screen.getByText('Please provide an email address')).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/v1/bug-reports')).toEqual([]);
  });

  it('submits description, severity, email, page address and browser, then closes', async () => {
    const api = mockApi({ 'POST /api/v1/bug-reports': { id: 'b1', status: 'open' } });
    const user = await openBugDialog();
    await fill(user, screen.getByRole('textbox', { name: /Description/ }), 'Photos do not upload');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'high');
    await fill(user, screen.getByRole('textbox', { name: /Email/ }), 'visitor@example.ie');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    await expectToast('Bug report sent');
    const [call] = callsTo(api, 'POST /api/v1/bug-reports');
    expect(call!.body).toEqual({
      description: 'Photos do not upload',
      severity: 'high',
      email: 'visitor@example.ie',
      pageUrl: expect.stringContaining('http'),
      userAgent: expect.any(String),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks no email when signed in', async () => {
    const api = mockApi({ 'POST /api/v1/bug-reports': { id: 'b2', status: 'open' } });
    const user = await openBugDialog(signedIn);
    expect(screen.queryByRole('textbox', { name: /Email/ })).not.toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: /Description/ }), 'Broken');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    await expectToast('Bug report sent');
    expect(callsTo(api, 'POST /api/v1/bug-reports')[0]!.body).not.toHaveProperty('email');
  });

  it('says why it failed, or "Please try again later.", and keeps the form', async () => {
    mockApi({
      'POST /api/v1/bug-reports': errorResponse(
        429,
        'ADMIN.RATE_LIMITED',
        'Too many bug reports from this address. Please try again later.',
      ),
    });
    const user = await openBugDialog(signedIn);
    await fill(user, screen.getByRole('textbox', { name: /Description/ }), 'Broken');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    await expectToast(
      'Could not submit bug report',
      'Too many bug reports from this address. Please try again later.',
    );
    expect(screen.getByRole('textbox', { name: /Description/ })).toHaveValue('Broken');

    mockApi({ 'POST /api/v1/bug-reports': errorResponse(503, 'X', 'down') });
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    await expectToast('Could not submit bug report', 'Please try again later.');
  });
});

describe('the report dialog (DSA art. 16 notice)', () => {
  const subject = { type: 'listing' as const, id: 'L1', label: 'Tokyo Marui MWS' };

  it('opens for a Report button, validates, sends the notice and shows the reference', async () => {
    const api = mockApi({
      'POST /api/v1/reports': { reference: 'R-ABCD2345', caseId: 'c1', receivedAt: 'now' },
    });
    renderRemote(<ReportDialog />, '/listing/L1', { session: signedOut });
    const user = setupUser();
    act(() => requestReport(subject));
    expect(await screen.findByRole('dialog', { name: 'Report this listing' })).toHaveTextContent(
      'About: Tokyo Marui MWS',
    );
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Please choose a reason.')).toBeInTheDocument();
    expect(screen.getByText('Please provide an email address')).toBeInTheDocument();
    expect(
      screen.getByText('Please confirm that your report is made in good faith.'),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'illegal_item');
    await fill(
      user,
      screen.getByRole('textbox', { name: /What is wrong/ }),
      'It says 420 fps with 0.20 g BBs.',
    );
    await fill(user, screen.getByRole('textbox', { name: /Your email/ }), 'v@example.ie');
    await user.click(screen.getByRole('checkbox', { name: /good faith/ }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('R-ABCD2345')).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/v1/reports')[0]!.body).toEqual({
      subjectType: 'listing',
      subjectId: 'L1',
      reason: 'illegal_item',
      details: 'It says 420 fps with 0.20 g BBs.',
      reporterEmail: 'v@example.ie',
      goodFaith: true,
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a message report with its conversation and no email when signed in', async () => {
    const api = mockApi({
      'POST /api/v1/reports': { reference: 'R-ZZZZ2222', caseId: 'c2', receivedAt: 'now' },
    });
    renderRemote(<ReportDialog />, '/messages/c', { session: signedIn });
    const user = setupUser();
    act(() =>
      requestReport({ type: 'message', id: 'M1', conversationId: 'C1', label: 'You will…' }),
    );
    await screen.findByRole('dialog', { name: 'Report this message' });
    expect(screen.queryByRole('textbox', { name: /Your email/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'harassment');
    await fill(user, screen.getByRole('textbox', { name: /What is wrong/ }), 'Threats in chat.');
    await user.click(screen.getByRole('checkbox', { name: /good faith/ }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByText('R-ZZZZ2222');
    expect(callsTo(api, 'POST /api/v1/reports')[0]!.body).toMatchObject({
      subjectType: 'message',
      subjectId: 'M1',
      conversationId: 'C1',
    });
  });
});
