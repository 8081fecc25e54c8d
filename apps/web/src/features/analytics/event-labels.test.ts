import { describe, expect, it } from 'vitest';
import { eventLabel, skippedLabel } from './event-labels';

describe('event labels', () => {
  it('say what the viewer did', () => {
    expect(eventLabel('seek', 40, { from: 0, at: 10 })).toBe('Jumped from 0:10 to 0:40');
    expect(eventLabel('pause', 45, null)).toBe('Paused at 0:45');
    // The server ended the session: not the viewer's pause.
    expect(eventLabel('pause', 13, { from: 0, stopped: 'revoked' })).toBe(
      'Stopped at 0:13: access withdrawn',
    );
    expect(eventLabel('pause', 13, { stopped: 'something new' })).toBe('Stopped at 0:13: access ended');
    expect(eventLabel('visibility', 45, { state: 'hidden' })).toBe('Tab hidden');
    expect(eventLabel('quality', 3, { height: 720, auto: true })).toBe('Quality 720p (auto)');
    expect(eventLabel('fullscreen', 3, { on: true })).toBe('Went fullscreen');
    expect(eventLabel('click', 3, { target: 'button.play' })).toBe('Clicked button.play');
    expect(eventLabel('click', 3, { target: 'Mute' })).toBe('Clicked Mute');
    expect(eventLabel('click', 3, { target: 'big-play' })).toBe('Clicked the play button');
    expect(eventLabel('click', 3, { target: 'video' })).toBe('Clicked the picture');
    expect(eventLabel('click', 3, { target: 'html' })).toBe('Clicked the page');
    // The player's subtitles choice (the CC button, its menu or the c key).
    // The language by its name, as the presenter chose it, not its code.
    expect(eventLabel('subtitles', 3, { language: 'fr', kind: 'subtitles' })).toBe('Subtitles on (French)');
    expect(eventLabel('subtitles', 3, { language: 'en', kind: 'captions' })).toBe(
      'Subtitles on (English, captions)',
    );
    expect(eventLabel('subtitles', 3, { language: 'pt-BR', kind: 'subtitles' })).toBe(
      'Subtitles on (Portuguese (Brazil))',
    );
    // A Vimeo track's language outside our list is named too; what no one can name stays as it came.
    expect(eventLabel('subtitles', 3, { language: 'yo', kind: 'subtitles' })).toBe('Subtitles on (Yoruba)');
    expect(eventLabel('subtitles', 3, { language: 'constructor' })).toBe('Subtitles on (constructor)');
    expect(eventLabel('subtitles', 3, { language: '%%' })).toBe('Subtitles on (%%)');
    expect(eventLabel('subtitles', 3, { language: null })).toBe('Subtitles off');
  });
});

describe('a skipped stretch', () => {
  it('says how long nothing happened', () => {
    expect(skippedLabel(3_780_000)).toBe('1 h 3 min without activity (skipped)');
    expect(skippedLabel(150_000)).toBe('2 min 30 s without activity (skipped)');
  });
});
