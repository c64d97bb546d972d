import {
  type DataExportArchive,
  type DeleteAccountRequest,
  type DeleteAccountResult,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';

/** GDPR self-service (identity, ADR 0039): the signed-in user's archive and account deletion. */
export const fetchDataExport = (opts: { signal?: AbortSignal } = {}) =>
  apiFetch<DataExportArchive>('/api/v1/me/export', opts);

export const deleteAccount = (body: DeleteAccountRequest) =>
  apiFetch<DeleteAccountResult>('/api/v1/me/deletion', { method: 'POST', json: body });

/** `loadout-data-<username>-<yyyy-mm-dd>.json`: the name the archive is saved under. */
export function dataExportFileName(username: string, generatedAt: string): string {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '_') || 'account';
  return `loadout-data-${safe}-${generatedAt.slice(0, 10)}.json`;
}

/** Saves the archive as a `.json` file through a temporary link (no new window). */
export function saveDataExport(archive: DataExportArchive, fileName: string): void {
  const blob = new Blob([JSON.stringify(archive, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
