import { useModals } from '@mantine/modals';
import { useEffect, useRef } from 'react';

/** Closes the question on top, if one is open (set while QuestionsTakeTheirEscape is mounted). */
let closeTopQuestion: (() => boolean) | null = null;

// Added as this module loads, so before any dialog's: window listeners run in the order they were added.
window.addEventListener(
  'keydown',
  (event) => {
    if (event.key === 'Escape' && !event.isComposing && closeTopQuestion?.())
      event.stopImmediatePropagation();
  },
  { capture: true },
);

/**
 * Escape closes only the question on top (a confirmation over a dialog), as the question's own Escape
 * would. Every open Mantine dialog hears Escape on the window, so the dialog beneath heard it too: it
 * closed with the question, or asked its question again.
 */
export function QuestionsTakeTheirEscape() {
  const modals = useModals();
  const latest = useRef(modals);
  latest.current = modals;
  useEffect(() => {
    closeTopQuestion = () => {
      const question = latest.current.modals.at(-1);
      if (question) latest.current.closeModal(question.id);
      return Boolean(question);
    };
    return () => {
      closeTopQuestion = null;
    };
  }, []);
  return null;
}
