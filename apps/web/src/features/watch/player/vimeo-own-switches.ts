/**
 * The text-track switches this page asked of Vimeo's player (by track id, null for off), so that the
 * `texttrackchange` answering one of them is not taken for a choice the viewer made in Vimeo's own menu.
 * Vimeo answers in the order asked, so an answer also settles the switches asked before it (one to the
 * track already shown gets none); a change no switch of ours asked for settles them all.
 */
export function ownTrackSwitches() {
  let waiting: (string | null)[] = [];
  return {
    asked(id: string | null) {
      waiting.push(id);
    },
    /** Vimeo refused it: no change will answer it. */
    refused(id: string | null) {
      const at = waiting.indexOf(id);
      if (at >= 0) waiting.splice(at, 1);
    },
    /** Whether Vimeo's change to `id` answers a switch of ours. */
    answers(id: string | null) {
      const at = waiting.indexOf(id);
      waiting = at >= 0 ? waiting.slice(at + 1) : [];
      return at >= 0;
    },
  };
}
