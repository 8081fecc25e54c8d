import { expect, it } from 'vitest';
import { baseDirection, cueBox, parseCueSettings } from './cue-placement';

it('reads the settings that place a cue, and ignores the ones not valid', () => {
  expect(parseCueSettings('')).toBeUndefined();
  expect(parseCueSettings('line:0')).toEqual({ line: { value: 0, percent: false }, align: 'center' });
  expect(parseCueSettings('line:10% position:20%,line-left size:50% align:start')).toEqual({
    line: { value: 10, percent: true },
    position: { value: 20, align: 'line-left' },
    size: 50,
    align: 'start',
  });
  expect(parseCueSettings('line:-2 align:right')).toEqual({
    line: { value: -2, percent: false },
    align: 'right',
  });
  expect(parseCueSettings('line:abc line:120% position:150% size:-4% align:middle region:x')).toBeUndefined();
});

it('puts a cue at the top, at the bottom or at a share of the picture’s height, as its line says', () => {
  const vertical = (settings: string) => cueBox(parseCueSettings(settings)).vertical;
  // No line, or the last line: the bottom, with the other cues.
  expect(vertical('')).toEqual({ from: 'bottom', lines: 0 });
  expect(vertical('line:-1')).toEqual({ from: 'bottom', lines: 0 });
  expect(vertical('line:-3')).toEqual({ from: 'bottom', lines: 2 });
  expect(vertical('line:0')).toEqual({ from: 'top', lines: 0 });
  expect(vertical('line:2')).toEqual({ from: 'top', lines: 2 });
  // A percentage: which of the cue's edges (or its middle) stands there, its top unless it says.
  expect(vertical('line:10%')).toEqual({ from: 'share', share: 0.1, align: 'start' });
  expect(vertical('line:50%,center')).toEqual({ from: 'share', share: 0.5, align: 'center' });
  expect(vertical('line:90%,end')).toEqual({ from: 'share', share: 0.9, align: 'end' });
  expect(vertical('line:100%')).toEqual({ from: 'share', share: 1, align: 'start' });
  // A line number ignores it, as WebVTT does.
  expect(vertical('line:2,end')).toEqual({ from: 'top', lines: 2 });
});

it('aligns a cue’s text and box across the picture as align, position and size say, never past its edges', () => {
  const across = (settings: string) => {
    const { left, right, textAlign } = cueBox(parseCueSettings(settings));
    return { left, right, textAlign };
  };
  expect(across('')).toEqual({ left: 0, right: 0, textAlign: 'center' });
  expect(across('align:left')).toEqual({ left: 0, right: 0, textAlign: 'left' });
  expect(across('align:start')).toEqual({ left: 0, right: 0, textAlign: 'start' });
  expect(across('align:right')).toEqual({ left: 0, right: 0, textAlign: 'right' });
  expect(across('align:end')).toEqual({ left: 0, right: 0, textAlign: 'end' });
  // From its position to the right edge, or from the left edge to it.
  expect(across('position:10% align:left')).toEqual({ left: 10, right: 0, textAlign: 'left' });
  expect(across('position:90%,line-right align:end')).toEqual({ left: 0, right: 10, textAlign: 'end' });
  // Centred on its position, as wide as fits both sides.
  expect(across('position:20%')).toEqual({ left: 0, right: 60, textAlign: 'center' });
  expect(across('position:50% size:40%')).toEqual({ left: 30, right: 30, textAlign: 'center' });
  expect(across('position:10% size:50% align:start')).toEqual({ left: 10, right: 40, textAlign: 'start' });
});

it('reads start and end by the way the cue’s text runs: a Hebrew or Arabic cue starts at the right', () => {
  expect(baseDirection('Hello')).toBe('ltr');
  expect(baseDirection('שלום, עולם!')).toBe('rtl');
  expect(baseDirection('<i>«مرحبا»</i> OK')).toBe('rtl');
  // The first letter decides (WebVTT's base direction), whatever comes before it.
  expect(baseDirection('1. - Yes שלום')).toBe('ltr');
  expect(baseDirection('123 ...')).toBe('ltr');
  const across = (settings: string) => {
    const { left, right, textAlign } = cueBox(parseCueSettings(settings), 'rtl');
    return { left, right, textAlign };
  };
  expect(across('size:40% align:start')).toEqual({ left: 60, right: 0, textAlign: 'start' });
  expect(across('size:40% align:end')).toEqual({ left: 0, right: 60, textAlign: 'end' });
  // left and right are the screen's sides whatever way the text runs.
  expect(across('size:40% align:left')).toEqual({ left: 0, right: 60, textAlign: 'left' });
  expect(across('position:30% size:20% align:start')).toEqual({ left: 10, right: 70, textAlign: 'start' });
});
