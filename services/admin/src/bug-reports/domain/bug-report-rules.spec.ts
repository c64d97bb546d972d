import { bugReportProblems, severityOf } from './bug-report-rules';

describe('bug report rules (seed §5)', () => {
  it('asks for a description that is more than blanks', () => {
    expect(bugReportProblems({ description: '  \n ' }, true)).toEqual([
      { field: 'description', message: 'Please describe the issue' },
    ]);
  });

  it('asks for an email only when signed out', () => {
    expect(bugReportProblems({ description: 'Broken' }, false)).toEqual([
      { field: 'email', message: 'Please provide an email address' },
    ]);
    expect(bugReportProblems({ description: 'Broken' }, true)).toEqual([]);
    expect(bugReportProblems({ description: 'Broken', email: 'a@b.ie' }, false)).toEqual([]);
  });

  it('is medium unless chosen', () => {
    expect(severityOf({ description: 'x' })).toBe('medium');
    expect(severityOf({ description: 'x', severity: 'critical' })).toBe('critical');
  });
});
