import { describe, expect, it } from 'vitest';
import { ENTRIES_PER_NETWORK_A_MINUTE, RepeatGuard, SAME_ENTRY_PER_NETWORK_A_MINUTE } from './repeat-guard';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);

function guardWithClock() {
  const clock = { now: T0 };
  return { clock, guard: new RepeatGuard(() => clock.now) };
}

/** How many of the tries the guard lets through. */
const admitted = (guard: RepeatGuard, tries: [entry: string, ip: string][]) =>
  tries.filter(([entry, ip]) => guard.admits(entry, ip)).length;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('RepeatGuard', () => {
  it('lets the same entry from the same client through once a window', () => {
    const { clock, guard } = guardWithClock();
    expect(guard.admits('Made-up link', '198.51.100.7')).toBe(true);
    clock.now = T0 + MINUTE - 1;
    expect(guard.admits('Made-up link', '198.51.100.7')).toBe(false);
    expect(guard.admits('Another refusal', '198.51.100.7')).toBe(true);
    clock.now = T0 + MINUTE;
    expect(guard.admits('Made-up link', '198.51.100.7')).toBe(true);
    clock.now = T0 + 2 * MINUTE;
    expect(guard.admits('Waiting', '198.51.100.7', 30 * MINUTE)).toBe(true);
    clock.now = T0 + 31 * MINUTE;
    expect(guard.admits('Waiting', '198.51.100.7', 30 * MINUTE)).toBe(false);
    clock.now = T0 + 32 * MINUTE;
    expect(guard.admits('Waiting', '198.51.100.7', 30 * MINUTE)).toBe(true);
  });

  it('lets one IPv6 /48 through a few times a minute, however many of its 65,536 /64s it uses', () => {
    const { clock, guard } = guardWithClock();
    const fromEachSlash64 = range(2000).map((i): [string, string] => [
      'Made-up link',
      `2001:db8:1:${i.toString(16)}::1`,
    ]);
    expect(admitted(guard, fromEachSlash64)).toBe(SAME_ENTRY_PER_NETWORK_A_MINUTE);
    expect(guard.admits('Another refusal', '2001:db8:1:ffff::1')).toBe(true);
    // Other networks each still get their entry.
    expect(guard.admits('Made-up link', '2001:db8:2::1')).toBe(true);
    expect(guard.admits('Made-up link', '198.51.100.7')).toBe(true);
    clock.now = T0 + MINUTE;
    expect(admitted(guard, fromEachSlash64)).toBe(SAME_ENTRY_PER_NETWORK_A_MINUTE);
  });

  it('lets one IPv4 /24 write a few dozen entries a minute, whatever they say', () => {
    const { guard } = guardWithClock();
    const tries = range(256).map((i): [string, string] => [
      `Sign-in code refused for user${i}@example.com`,
      `203.0.113.${i}`,
    ]);
    expect(admitted(guard, tries)).toBe(ENTRIES_PER_NETWORK_A_MINUTE);
    expect(guard.admits('Sign-in code refused', '203.0.114.1')).toBe(true);
    const sameEntry = range(256).map((i): [string, string] => ['Made-up link', `198.51.100.${i}`]);
    expect(admitted(guard, sameEntry)).toBe(SAME_ENTRY_PER_NETWORK_A_MINUTE);
  });

  it('is not wiped by a flood of fresh entries: it forgets the oldest gradually', () => {
    const { guard } = guardWithClock();
    expect(guard.admits('Made-up link', '198.51.100.7')).toBe(true);
    // 10,000 fresh entries from one address, then from 1,000 networks.
    for (const i of range(10_000)) guard.admits(`Sign-in code refused for user${i}@example.com`, '192.0.2.1');
    for (const i of range(10_000))
      guard.admits(`Refused ${i}`, `10.${Math.floor(i / 2560)}.${Math.floor(i / 10) % 256}.1`);
    expect(guard.admits('Made-up link', '198.51.100.7')).toBe(false);
  });

  // 30 junk refusals from one /24 held back the whole network's other entries for the rest of the minute
  // and left no trace that anything was held back.
  it('says once a minute that a network’s entries are held back', () => {
    const { clock, guard } = guardWithClock();
    const junk = (i: number) => guard.verdict(`Made-up link ${i}`, `203.0.113.${i % 256}`);
    const verdicts = range(ENTRIES_PER_NETWORK_A_MINUTE + 5).map(junk);
    expect(verdicts.filter((v) => v === 'write')).toHaveLength(ENTRIES_PER_NETWORK_A_MINUTE);
    expect(verdicts.slice(ENTRIES_PER_NETWORK_A_MINUTE)).toEqual([
      'say-held-back',
      'skip',
      'skip',
      'skip',
      'skip',
    ]);
    // More of one entry speaks for itself: no word about it.
    const same = range(5).map((i) => guard.verdict('Made-up link', `198.51.100.${i}`));
    expect(same).toEqual(['write', 'write', 'write', 'skip', 'skip']);
    clock.now = T0 + MINUTE;
    expect(junk(1000)).toBe('write');
  });
});
