import { type ReportSubjectType } from '@loadout/contracts';

/** What a "Report" button asks the shell to open its report dialog for. */
export interface ReportSubject {
  type: ReportSubjectType;
  /** Listing id, username (profile) or message id. */
  id: string;
  /** The message's conversation (message reports). */
  conversationId?: string;
  /** Shown in the dialog: the listing's title, the username, the message's first words. */
  label: string;
}

/**
 * The remotes' "Report" buttons and the shell's one report dialog meet through this DOM event:
 * a remote never imports the shell, and the dialog is written once.
 */
export const REPORT_REQUEST_EVENT = 'loadout:report-request';

export function requestReport(subject: ReportSubject): void {
  window.dispatchEvent(new CustomEvent<ReportSubject>(REPORT_REQUEST_EVENT, { detail: subject }));
}

/** Calls `listener` for every report request; returns the unsubscribe. */
export function onReportRequest(listener: (subject: ReportSubject) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<ReportSubject>).detail);
  window.addEventListener(REPORT_REQUEST_EVENT, handle);
  return () => window.removeEventListener(REPORT_REQUEST_EVENT, handle);
}
