import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import { focusLost } from '../../../lib/focus-lost';
import { applyServerErrors, focusFirstError } from '../../../lib/forms';
import { useCreateVideo } from '../api/create-video';
import { useUpdateVideo } from '../api/update-video';

export type FilmDetails = { title: string; description: string; director: string; producer: string };

/** The details as the API takes them: trimmed, an empty director or producer as none. */
const detailsBody = (v: FilmDetails) => ({
  title: v.title.trim(),
  description: v.description.trim(),
  director: v.director.trim() || null,
  producer: v.producer.trim() || null,
});

const sameDetails = (a: ReturnType<typeof detailsBody>, b: ReturnType<typeof detailsBody>) =>
  a.title === b.title &&
  a.description === b.description &&
  a.director === b.director &&
  a.producer === b.producer;

/** The form's details if they pass its checks; otherwise the first field in error gets focus. */
function validDetails(form: UseFormReturnType<FilmDetails>) {
  const { hasErrors, errors } = form.validate();
  if (hasErrors) {
    focusFirstError(form)(errors);
    return null;
  }
  return detailsBody(form.getValues());
}

/**
 * Makes the screener once its film is all uploaded, with the details as they are then (the presenter may
 * edit them all through the upload). Details that fail their checks hold it back (`held`) until
 * `createScreener` is asked again. What is typed while the screener is being made is saved to it through
 * the update endpoint before `onCreated`, so a keystroke made as the upload ended is not lost.
 */
export function useUploadScreener(
  form: UseFormReturnType<FilmDetails>,
  uploadId: string | null,
  onCreated: (videoId: string) => void,
) {
  // The panel shows their refusals beside the film.
  const create = useCreateVideo({ silent: true });
  const update = useUpdateVideo({ silent: true });
  const [held, setHeld] = useState(false);
  /** The screener made, whose latest details are not saved to it yet. */
  const [createdId, setCreatedId] = useState<string | null>(null);

  const saveDetails = useCallback(
    function save(videoId: string) {
      const details = validDetails(form);
      if (!details) return;
      update.mutate(
        { id: videoId, ...details },
        {
          onSuccess: () => {
            // Typed while this save was on its way: saved too before the dialog closes.
            if (!sameDetails(detailsBody(form.getValues()), details)) return save(videoId);
            setCreatedId(null);
            onCreated(videoId);
          },
          onError: (e) => applyServerErrors(form, e),
        },
      );
    },
    [form, update, onCreated],
  );

  const createScreener = useCallback(() => {
    if (!uploadId) return;
    const sent = validDetails(form);
    setHeld(!sent);
    if (!sent) return;
    create.mutate(
      { source: 'upload', upload_id: uploadId, ...sent },
      {
        onSuccess: (video) => {
          if (sameDetails(detailsBody(form.getValues()), sent)) return onCreated(video.id);
          setCreatedId(video.id);
          saveDetails(video.id);
        },
        onError: (e) => {
          const errors = applyServerErrors(form, e);
          // The button that started it is gone by now: focus would be nowhere, so the field takes it.
          if (focusLost()) focusFirstError(form)(errors);
        },
      },
    );
  }, [uploadId, form, create, onCreated, saveDetails]);

  // Once per upload: a refusal waits for the presenter ("Create the screener") instead of repeating.
  const triedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!uploadId || triedFor.current === uploadId) return;
    triedFor.current = uploadId;
    createScreener();
  }, [uploadId, createScreener]);

  return {
    create,
    update,
    /** Not made yet: refused, or held back by details that fail their checks. */
    notCreated: create.isError || (held && create.isIdle),
    /** Uploaded, but its screener or its latest details are not saved yet: leaving would lose them. */
    unsettled:
      uploadId !== null &&
      (create.isError ||
        (held && create.isIdle) ||
        create.isPending ||
        update.isPending ||
        createdId !== null),
    createdId,
    createScreener,
    saveDetails,
  };
}
