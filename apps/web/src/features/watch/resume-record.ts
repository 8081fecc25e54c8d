/**
 * What a watch page leaves in its tab as it goes away or out of sight (a reload, a tab closed and
 * reopened, a phone discarding a background tab), so the page that opens the same link next goes on
 * with the same session instead of counting a new one. It is taken back while the page is in sight, so
 * a tab duplicated from a live page usually opens a session of its own; when two pages do name the same
 * session, the server gives the later one a new secret and fresh event numbers, and the earlier stops.
 * public/watch-boot.js reads the same key (a classic script cannot import this).
 */
export type ResumeRecord = { token: string; sessionId: string; secret: string; nextSeq: number };

const KEY = 'screenroom.watch.resume';

function isRecord(value: unknown): value is ResumeRecord {
  const r = value as Partial<ResumeRecord> | null;
  return (
    typeof r?.token === 'string' &&
    typeof r.sessionId === 'string' &&
    typeof r.secret === 'string' &&
    Number.isInteger(r.nextSeq)
  );
}

export function leaveResumeRecord(record: ResumeRecord) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(record));
  } catch {
    // No storage (private mode, full): the next opening is a new session.
  }
}

export function forgetResumeRecord() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {}
}

/** The record for this link, if the page before left one (forget it once the opening is answered). */
export function resumeRecordFor(token: string): ResumeRecord | undefined {
  let record: unknown;
  try {
    record = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    record = null;
  }
  return isRecord(record) && record.token === token ? record : undefined;
}
