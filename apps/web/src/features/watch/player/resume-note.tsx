import { IconRotate } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { formatDuration } from '../../../lib/duration';

/** Says where the film resumes for a viewer coming back to it, with a button to start it over instead. */
export function ResumeNote({ at, onStartOver }: { at: number; onStartOver: (event: MouseEvent) => void }) {
  return (
    <p className="watch-resume-note">
      Resuming at {formatDuration(at)}
      <button type="button" className="watch-chip-button" onClick={onStartOver}>
        <IconRotate size={12} /> Start over
      </button>
    </p>
  );
}
