import { afterEach, describe, expect, it } from 'vitest';
import { forgetResumeRecord, leaveResumeRecord, takeResumeRecord } from './resume-record';

const record = { token: 'tok-aaaaaaaaaaaaaaaa', sessionId: 's-1', secret: 'x'.repeat(43), nextSeq: 17 };

describe('the record a watch page leaves its tab', () => {
  afterEach(() => forgetResumeRecord());

  it('is taken once, for the same link only', () => {
    leaveResumeRecord(record);
    expect(takeResumeRecord(record.token)).toEqual(record);
    expect(takeResumeRecord(record.token)).toBeUndefined();

    leaveResumeRecord(record);
    expect(takeResumeRecord('another-link-token')).toBeUndefined();
    // Taken all the same: it named one page's session for the page right after it.
    expect(takeResumeRecord(record.token)).toBeUndefined();
  });

  it('ignores what is not a record', () => {
    window.sessionStorage.setItem('screenroom.watch.resume', '{"token": "tok-aaaaaaaaaaaaaaaa"}');
    expect(takeResumeRecord(record.token)).toBeUndefined();
    window.sessionStorage.setItem('screenroom.watch.resume', 'not json');
    expect(takeResumeRecord(record.token)).toBeUndefined();
  });
});
