import { describe, expect, it } from 'vitest';
import { pagePathOf } from '../lib/page-path';
import { railSectionOf } from './layouts/default-layout';
import { pageKeyForPath, titleForPath } from './route-title';

describe('top bar title from the route', () => {
  it.each([
    ['/', 'Screeners'],
    ['/screeners', 'Screeners'],
    ['/screeners/abc/overview', 'Screeners'],
    ['/screeners/abc/tracking-links', 'Tracking Links'],
    ['/screeners/abc/tracking-links/xyz/overview', 'Tracking Links'],
    ['/screener/abc/tracking-links', 'Tracking Links'],
    ['/analytics/v/tracking-links/t', 'Tracking Links'],
    ['/presenters', 'Presenters'],
    ['/pricing-plans', 'Pricing'],
    ['/settings/profile', 'Settings'],
    ['/logs/all', 'Logs Management'],
    ['/markets', 'Markets'],
  ])('%s → %s', (path, title) => expect(titleForPath(path)).toBe(title));

  it('takes a dialog for the page it opened over', () => {
    const state = { background: 'tracking-links' };
    expect(pagePathOf('/screeners/abc/dialog/share-options', state)).toBe('/screeners/abc/tracking-links');
    expect(titleForPath(pagePathOf('/screeners/abc/dialog/share-options', state))).toBe('Tracking Links');
    expect(pagePathOf('/screeners/abc/dialog/share-options', null)).toBe(
      '/screeners/abc/dialog/share-options',
    );
    expect(pagePathOf('/screeners/abc/overview', state)).toBe('/screeners/abc/overview');
  });

  it('keeps the page (not its dialog) as the transition key', () => {
    expect(pageKeyForPath('/screeners/abc/dialog/share-options')).toBe('/screeners/abc');
    expect(pageKeyForPath('/screeners/dialog/add-screener')).toBe('/screeners');
    expect(pageKeyForPath('/screeners/abc/overview')).toBe('/screeners/abc/overview');
  });

  it('lights the right rail entry', () => {
    expect(railSectionOf('/')).toBe('home');
    expect(railSectionOf('/screeners/abc/overview')).toBe('home');
    expect(railSectionOf('/screeners/dialog/add-screener')).toBe('add');
    expect(railSectionOf('/settings/profile')).toBe('settings');
    expect(railSectionOf('/pricing-plans')).toBe('pricing-plans');
  });
});
