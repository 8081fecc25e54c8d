import type { LogEntry } from '@screenroom/shared/schemas/logs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { copyLogEntry } from './copy-log';

vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
beforeEach(() => vi.clearAllMocks());

const entry = {
  id: 7,
  level: 'error',
  message: 'Encoding failed',
  context: { step: 'transcoding' },
} as unknown as LogEntry;

describe('copy a log entry as JSON', () => {
  it('writes the whole entry as JSON', async () => {
    const writeText = vi.fn(async () => {});
    expect(await copyLogEntry(entry, { writeText })).toBe(true);
    expect(JSON.parse((writeText.mock.calls[0] as unknown as [string])[0])).toEqual(entry);
    expect(notifySuccess).toHaveBeenCalled();
  });

  it("says 'Failed to copy log data' when the clipboard refuses or is missing", async () => {
    const writeText = vi.fn(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    expect(await copyLogEntry(entry, { writeText })).toBe(false);
    expect(await copyLogEntry(entry, null)).toBe(false);
    expect(notifyError).toHaveBeenCalledTimes(2);
    expect(notifyError).toHaveBeenCalledWith('Failed to copy log data');
  });
});
