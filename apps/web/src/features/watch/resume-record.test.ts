import { afterEach, describe, expect, it } from 'vitest';
import { forgetResumeRecord, leaveResumeRecord, resumeRecordFor } from './resume-record';

const record = { token: 'tok-aaaaaaaaaaaaaaaa', sessionId: 's-1', secret: 'x'.repeat(43), nextSeq: 17 };

describe('the record a watch page leaves its tab', () => {
  afterEach(() => forgetResumeRecord());

  it('names the session for the same link only, until it is forgotten', () => {
    leaveResumeRecord(record);
    expect(resumeRecordFor('another-link-token')).toBeUndefined();
    expect(resumeRecordFor(record.token)).toEqual(record);
    forgetResumeRecord();
    expect(resumeRecordFor(record.token)).toBeUndefined();
  });

  it('ignores what is not a record', () => {
    window.sessionStorage.setItem('screenroom.watch.resume', '{"token": "tok-aaaaaaaaaaaaaaaa"}');
    expect(resumeRecordFor(record.token)).toBeUndefined();
    window.sessionStorage.setItem('screenroom.watch.resume', JSON.stringify({ ...record, nextSeq: '17' }));
    expect(resumeRecordFor(record.token)).toBeUndefined();
    window.sessionStorage.setItem('screenroom.watch.resume', 'not json');
    expect(resumeRecordFor(record.token)).toBeUndefined();
  });
});
