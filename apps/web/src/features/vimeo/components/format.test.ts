import { describe, expect, it } from 'vitest';
import { formatDuration, planLabel, privacyLabel } from './format';

describe('Vimeo film details as people read them', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [142, '2:22'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [5580, '1:33:00'],
    [-3, '0:00'],
  ])('%s seconds → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it('names privacy settings and plans the way Vimeo does', () => {
    expect(privacyLabel('disable')).toBe('Hidden');
    expect(privacyLabel('password')).toBe('Password');
    expect(privacyLabel('something_new')).toBe('something_new');
    expect(planLabel('live_pro')).toBe('Live Pro');
    expect(planLabel('basic')).toBe('Basic');
  });
});
