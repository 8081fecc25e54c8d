import { afterEach, describe, expect, it } from 'vitest';
import { forgetDetails, forgetDetailsExcept, keepDetails, keptDetails } from './upload-details-memory';

const film = { presenterId: 'p1', name: 'night_train.mp4', size: 1000 };
const other = { presenterId: 'p1', name: 'night_train.mp4', size: 2000 };
const anotherPresenters = { presenterId: 'p2', name: 'night_train.mp4', size: 1000 };
const details = { title: 'Night Train', description: 'One night.', director: 'Ana', producer: '' };

afterEach(() => window.localStorage.clear());

describe('the details kept for a film while it uploads', () => {
  it('are given back for the same file (name and size) of the same presenter, and no other', () => {
    keepDetails(film, details);
    expect(keptDetails(film)).toEqual(details);
    expect(keptDetails(other)).toEqual({});
    expect(keptDetails(anotherPresenters)).toEqual({});
  });

  it('are forgotten once the screener is made, or when the upload is no longer unfinished', () => {
    keepDetails(film, details);
    keepDetails(other, details);
    keepDetails(anotherPresenters, details);
    forgetDetails(film);
    expect(keptDetails(film)).toEqual({});
    forgetDetailsExcept('p1', [film]);
    expect(keptDetails(other)).toEqual({});
    // Another presenter's, in a shared browser, are theirs to keep.
    expect(keptDetails(anotherPresenters)).toEqual(details);
    window.localStorage.setItem('unrelated', 'stays');
    forgetDetailsExcept('p1', []);
    expect(window.localStorage.getItem('unrelated')).toBe('stays');
  });

  it('give back only text fields from whatever is stored', () => {
    window.localStorage.setItem(
      'screenroom.upload-details:p1:1000:night_train.mp4',
      '{"title":3,"director":"Ana"}',
    );
    expect(keptDetails(film)).toEqual({ director: 'Ana' });
    window.localStorage.setItem('screenroom.upload-details:p1:1000:night_train.mp4', 'not json');
    expect(keptDetails(film)).toEqual({});
  });
});
