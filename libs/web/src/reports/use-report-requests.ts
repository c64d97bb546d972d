import { useEffect, useState } from 'react';
import { onReportRequest, type ReportSubject } from './report-requests';

/** The subject a "Report" button asked about (null when none or after `close`). */
export function useReportRequests(): { subject: ReportSubject | null; close: () => void } {
  const [subject, setSubject] = useState<ReportSubject | null>(null);
  useEffect(() => onReportRequest(setSubject), []);
  return { subject, close: () => setSubject(null) };
}
