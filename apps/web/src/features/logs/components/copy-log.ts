import { MESSAGES } from '@screenroom/shared/messages';
import type { LogEntry } from '@screenroom/shared/schemas/logs';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Copies a log entry as JSON; when the clipboard refuses (or is missing), says 'Failed to copy log data'. */
export async function copyLogEntry(
  entry: LogEntry,
  clipboard: Pick<Clipboard, 'writeText'> | null = navigator.clipboard ?? null,
) {
  try {
    if (!clipboard) throw new Error('No clipboard');
    await clipboard.writeText(JSON.stringify(entry, null, 2));
    notifySuccess('Log entry copied as JSON.');
    return true;
  } catch {
    notifyError(MESSAGES.copyLogFailed);
    return false;
  }
}
