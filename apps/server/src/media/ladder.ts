/** One rung of the HLS ladder to encode. */
export type Rung = { name: string; width: number; height: number; videoKbps: number; level: string };

const RUNGS = [
  { short: 1080, videoKbps: 5000, level: '4.0' },
  { short: 720, videoKbps: 2800, level: '3.1' },
  { short: 360, videoKbps: 800, level: '3.0' },
];

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * 360p, 720p and 1080p as far as the source allows (never upscaled), measured on the short side so
 * portrait films get the same quality steps. A source smaller than 360p keeps its own size.
 */
export function ladderFor(source: { width: number; height: number }): Rung[] {
  const short = Math.min(source.width, source.height);
  const landscape = source.width >= source.height;
  const fit = (target: number) =>
    landscape
      ? { width: even((source.width * target) / source.height), height: even(target) }
      : { width: even(target), height: even((source.height * target) / source.width) };
  const rungs = RUNGS.filter((r) => r.short <= short).map((r) => ({
    name: `${r.short}p`,
    videoKbps: r.videoKbps,
    level: r.level,
    ...fit(r.short),
  }));
  if (rungs.length > 0) return rungs.reverse();
  const kbps = Math.max(200, Math.round((800 * short) / 360));
  return [{ name: `${even(short)}p`, videoKbps: kbps, level: '3.0', ...fit(even(short)) }];
}
