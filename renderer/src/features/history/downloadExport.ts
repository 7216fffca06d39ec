import type { HistoryExport } from '@shared/contract';
import { withPageToken } from '../../bridge/hostAssetUrl';

/**
 * Hands the file the core wrote to the browser's (or Electron's) download handling: it comes from this page's
 * own origin (the browser host, or the desktop app's protocol) as an attachment; nothing is sent anywhere.
 */
export function downloadExport(file: HistoryExport): void {
  const [url, fileName] = [withPageToken(file.downloadPath), file.fileName];
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
