/**
 * What a watch page leaves in its tab as it goes away (a reload, a tab closed and reopened), so the page
 * that opens the same link next goes on with the same session instead of counting a new one. It is
 * written only when the page goes away: a tab duplicated from a live page copies nothing and opens a
 * session of its own. public/watch-boot.js reads the same key (a classic script cannot import this).
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

/** The record for this link, taken: it names one page's session, for the one page that follows. */
export function takeResumeRecord(token: string): ResumeRecord | undefined {
  let record: unknown;
  try {
    record = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    record = null;
  }
  forgetResumeRecord();
  return isRecord(record) && record.token === token ? record : undefined;
}
