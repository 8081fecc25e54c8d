import {
  Alert,
  Button,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@screenroom/shared/messages';
import {
  IconAlertTriangle,
  IconCloudUpload,
  IconMovie,
  IconPlayerPause,
  IconPlayerPlay,
  IconRestore,
  IconX,
} from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { openConfirm } from '../../../lib/confirm';
import { formatDuration } from '../../../lib/duration';
import { formatBytes } from '../../../lib/format';
import { focusFirstError } from '../../../lib/forms';
import { messageOf } from '../../../lib/query-client';
import { usePresenter } from '../../auth/api/session';
import { forgetDetails, forgetDetailsExcept, keepDetails, keptDetails } from '../upload-details-memory';
import {
  findUnfinishedUploads,
  type PreviousUpload,
  type UploadState,
  useTusUpload,
} from '../use-tus-upload';
import { ChooseFilmHeading } from './choose-film-heading';
import { type FilmDetails, useUploadScreener } from './use-upload-screener';

/** Any video type, and the film extensions browsers often give no video type (MXF, MKV, TS…). */
const VIDEO_TYPES = {
  'video/*': ['.mp4', '.mov', '.m4v', '.mkv', '.mxf', '.avi', '.webm', '.ts', '.mts'],
};

const titleFromFile = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_.-]+/g, ' ')
    .trim();

/** What leaving would cost, and the question asked first. */
const LEAVING = {
  uploading: {
    title: 'Stop the upload?',
    words:
      'Your film is not fully sent. What is sent so far is kept: choose the same file later to continue from there.',
    labels: { confirm: 'Stop the upload', cancel: 'Keep uploading' },
  },
  // Once sent, tus forgets the upload on this side: nothing would offer it again.
  unsettled: {
    title: 'Leave without the screener?',
    words:
      'Your film is uploaded, but its screener is not created (or its latest details are not saved) yet. If you leave now, the film has to be uploaded again.',
    labels: { confirm: 'Leave', cancel: 'Stay' },
  },
} as const;

/**
 * Leaving while the film uploads, or once it is uploaded but its screener is not made (closing the
 * dialog, another page), asks first. What was sent of an unfinished upload is kept, and choosing the same
 * file again continues from there.
 */
function useLeaveGuard() {
  /** What leaving would cost now: set on every render by the panel. */
  const staying = useRef<keyof typeof LEAVING | null>(null);
  // Set as the screener is made: the dialog then leaves before a render could say nothing is at stake.
  const settled = useRef(false);
  const blocker = useBlocker(() => !settled.current && staying.current !== null);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    let leaving = false;
    const asked = LEAVING[staying.current ?? 'uploading'];
    openConfirm({
      title: asked.title,
      children: <Text size="sm">{asked.words}</Text>,
      labels: asked.labels,
      confirmProps: { color: 'red.8' },
      onConfirm: () => {
        leaving = true;
        blocker.proceed();
      },
      onClose: () => {
        asking.current = false;
        if (!leaving) blocker.reset();
      },
    });
  }, [blocker]);
  const allowLeaving = useCallback(() => {
    settled.current = true;
  }, []);
  return { staying, allowLeaving };
}

const tooLong = (value: string, max: number) => (value.trim().length > max ? MESSAGES.maxLength(max) : null);

/** Milestones read out while a film uploads: its progress by quarters. */
const MILESTONE_PERCENT = 25;

type Run = { status: UploadState['status']; fromPercent: number; resumed: boolean };

/**
 * What a screen reader hears about the upload (a status region): the start, each quarter passed, a pause
 * and a resume, the end. The words stay the same between milestones, so a slow upload is not read out at
 * every progress event. A failure is said by the error alert (`role="alert"`), not twice.
 */
function useUploadAnnouncement(
  state: UploadState,
  percent: number,
  create: { notCreated: boolean; isSuccess: boolean },
): string {
  // Where this stretch of uploading began (a start, or a resume after a pause): its milestones are the
  // quarters passed since. Kept from render to render, set again when the status changes.
  const [run, setRun] = useState<Run>({ status: state.status, fromPercent: 0, resumed: false });
  if (run.status !== state.status) {
    setRun({
      status: state.status,
      fromPercent: percent,
      resumed: run.status === 'paused' || (state.status === 'uploading' && state.resumed),
    });
  }
  switch (state.status) {
    case 'uploading': {
      const quarter = (p: number) => Math.floor(p / MILESTONE_PERCENT) * MILESTONE_PERCENT;
      // 100% is said once the server has it all ("Uploaded").
      const reached = Math.min(100 - MILESTONE_PERCENT, quarter(percent));
      if (reached > quarter(run.fromPercent)) return `Upload ${reached}% done`;
      if (!run.resumed) return 'Upload started';
      return run.fromPercent > 0 ? `Upload resumed at ${run.fromPercent}%` : 'Upload resumed';
    }
    case 'paused':
      return `Upload paused at ${run.fromPercent}%`;
    case 'done':
      // Said once until the screener is made (the creation starts as soon as the film is all there).
      return create.notCreated
        ? 'Uploaded. The screener is not created yet.'
        : create.isSuccess
          ? 'Uploaded. The screener is created.'
          : 'Uploaded. Creating the screener…';
    default:
      return '';
  }
}

/** Beside the full bar: the screener being made, held back, or its latest details being saved. */
function doneInWords(s: {
  creating: boolean;
  notCreated: boolean;
  createdId: string | null;
  saving: boolean;
}) {
  if (s.creating) return 'Uploaded. Creating the screener…';
  if (s.notCreated) return 'Uploaded. The screener is not created yet.';
  if (s.saving) return 'Uploaded. Saving your latest details…';
  if (s.createdId) return 'Uploaded. The screener is created; your latest details are not saved yet.';
  return 'Uploaded';
}

/** Upload a film: drop it, name and describe it, and watch the progress; pause, resume, or come back later. */
export function UploadPanel({
  onCreated,
  onUploadingChange,
  disabled = false,
}: {
  onCreated: (videoId: string) => void;
  /** Whether a film is on its way (uploading or paused): leaving then asks first. */
  onUploadingChange?: (uploading: boolean) => void;
  /** No film can be added (the plan's limit): nothing to choose. */
  disabled?: boolean;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  const { state, start, pause, resume, cancel, reset } = useTusUpload();
  const form = useForm<FilmDetails>({
    mode: 'controlled',
    initialValues: { title: '', description: '', director: '', producer: '' },
    // The details stay open through the upload: a field left wrong says so at once, not when it ends.
    validateInputOnBlur: true,
    // The API's limits too, before a byte is sent: a film uploaded for a name it then refuses wastes it.
    // The specification's one message for both goes under the field that is empty.
    validate: {
      title: (v) => tooLong(v, 200) ?? (v.trim() ? null : MESSAGES.nameAndDescription),
      description: (v) => tooLong(v, 5000) ?? (v.trim() ? null : MESSAGES.nameAndDescription),
      director: (v) => tooLong(v, 200),
      producer: (v) => tooLong(v, 200),
    },
  });

  const presenterId = usePresenter().id;
  /** A film's file, as the details kept for it while it uploads know it. */
  const fileOf = useCallback(
    (f: { name: string; size: number }) => ({ presenterId, name: f.name, size: f.size }),
    [presenterId],
  );
  // The unfinished uploads, named as last typed; what was kept for films no longer among them goes.
  const findUnfinished = useCallback(() => {
    void findUnfinishedUploads(presenterId).then((found) => {
      const fileOfUpload = (u: PreviousUpload) => fileOf({ name: u.filename, size: u.size });
      forgetDetailsExcept(presenterId, found.map(fileOfUpload));
      setUnfinished(found.map((u) => ({ ...u, title: keptDetails(fileOfUpload(u)).title || u.title })));
    });
  }, [presenterId, fileOf]);
  useEffect(() => findUnfinished(), [findUnfinished]);
  // The drop zone that had focus is gone once a file is chosen: focus goes on to the form.
  const titleRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (file) titleRef.current?.focus();
  }, [file]);
  const hintId = useId();
  const openPicker = useRef<() => void>(null);
  const uploading = state.status === 'uploading' || state.status === 'paused';
  // Whole percents: the bar, its value for screen readers, the words beside it and the milestones agree.
  const percent = uploading
    ? Math.floor((state.sent / Math.max(state.total, 1)) * 100)
    : state.status === 'done'
      ? 100
      : 0;
  // Once the bytes are all there, the upload becomes a screener.
  const uploadId = state.status === 'done' ? state.uploadId : null;
  const leaveGuard = useLeaveGuard();
  const { allowLeaving } = leaveGuard;
  const createdThenLeave = useCallback(
    (videoId: string) => {
      allowLeaving();
      if (file) forgetDetails(fileOf(file));
      onCreated(videoId);
    },
    [allowLeaving, onCreated, file, fileOf],
  );
  const { create, update, notCreated, unsettled, createdId, createScreener, saveDetails } = useUploadScreener(
    form,
    uploadId,
    createdThenLeave,
  );
  // While the film is on its way, what is typed survives a reload (the screener is made only at the end).
  useEffect(() => {
    if (uploading && file) keepDetails(fileOf(file), form.values);
  }, [uploading, file, form.values, fileOf]);
  leaveGuard.staying.current = uploading ? 'uploading' : unsettled ? 'unsettled' : null;
  const announcement = useUploadAnnouncement(state, percent, {
    notCreated,
    isSuccess: create.isSuccess,
  });
  // The dialog keeps to this tab (and Escape to the question above) until nothing would be lost.
  const busy = uploading || unsettled;
  useEffect(() => {
    onUploadingChange?.(busy);
    return () => onUploadingChange?.(false);
  }, [busy, onUploadingChange]);

  // The name last taken from a file's: another file chosen replaces it, but not a name the presenter typed.
  const titleFromLastFile = useRef('');
  const choose = (chosen: File) => {
    setFile(chosen);
    const previous = unfinished.find((u) => u.filename === chosen.name && u.size === chosen.size);
    const kept = previous ? keptDetails(fileOf(chosen)) : {};
    const now = form.getValues();
    const typed = now.title.trim() !== titleFromLastFile.current ? now.title : '';
    titleFromLastFile.current = titleFromFile(chosen.name);
    form.setValues({
      title: previous?.title || typed || titleFromLastFile.current,
      description: kept.description || previous?.description || now.description,
      director: kept.director || now.director,
      producer: kept.producer || now.producer,
    });
  };

  if (!file) {
    return (
      <Stack gap="md">
        {unfinished.length > 0 && (
          <Alert icon={<IconRestore />} color="blue" variant="light" title="Unfinished upload">
            {unfinished.map((u) => (
              <Text size="sm" key={u.createdAt}>
                {u.title || u.filename} ({formatBytes(u.size)}). Choose the same file to continue where it
                stopped.
              </Text>
            ))}
          </Alert>
        )}
        {rejected && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="file-rejected">
            {rejected}
          </Alert>
        )}
        <Dropzone
          onDrop={(files) => {
            setRejected(null);
            if (files[0]) choose(files[0]);
          }}
          // Chosen or dropped but not a video (by its type): said, rather than nothing happening.
          onReject={(rejections) =>
            setRejected(
              rejections.length > 1
                ? 'Choose one film at a time.'
                : `“${rejections[0]?.file.name ?? 'This file'}” is not a video file. Choose a film such as MP4, MOV, MKV or MXF.`,
            )
          }
          disabled={disabled}
          accept={VIDEO_TYPES}
          multiple={false}
          radius="lg"
          p="xl"
          // The zone itself is for the mouse; the keyboard and screen readers have the button inside it.
          activateOnKeyboard={false}
          openRef={openPicker}
          data-testid="upload-dropzone"
          // Mantine's disabled drop zone looks the same as an open one.
          style={disabled ? { opacity: 0.5, cursor: 'not-allowed' } : undefined}
        >
          <Stack align="center" gap="xs" mih={180} justify="center" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconCloudUpload size={48} stroke={1.4} color="var(--mantine-color-violet-5)" />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={48} stroke={1.4} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconMovie size={48} stroke={1.4} color="var(--mantine-color-dimmed)" />
            </Dropzone.Idle>
            <ChooseFilmHeading disabled={disabled} />
            <Text size="sm" c="dimmed" ta="center" id={hintId}>
              MP4, MOV, MKV, MXF… up to several gigabytes. Uploads resume after a lost connection or a reload.
            </Text>
            <Button
              variant="light"
              mt="xs"
              leftSection={<IconCloudUpload size={16} />}
              disabled={disabled}
              aria-describedby={hintId}
              style={{ pointerEvents: 'auto' }}
              onClick={(event) => {
                event.stopPropagation();
                openPicker.current?.();
              }}
            >
              Choose a film
            </Button>
          </Stack>
        </Dropzone>
      </Stack>
    );
  }

  const remaining =
    state.status === 'uploading' && state.bytesPerSecond > 0
      ? (state.total - state.sent) / state.bytesPerSecond
      : null;

  return (
    <form
      noValidate
      // Enter in a field while the film is on its way checks the details; it does not send the film again.
      // Once uploaded and held back by its details, Enter creates the screener as its button does.
      onSubmit={form.onSubmit((values) => {
        if (state.status === 'idle' || state.status === 'error') {
          void start(file, { title: values.title, description: values.description, presenter: presenterId });
        } else if (state.status === 'done' && notCreated) createScreener();
      }, focusFirstError(form))}
    >
      {/* There before the upload starts (a region that appears with words in it may go unread); its
          words change only at milestones. */}
      <VisuallyHidden role="status" data-testid="upload-announcement">
        {announcement}
      </VisuallyHidden>
      <Stack gap="md">
        {/* The name has the whole width and wraps: beside "Choose another file" a phone cut it to
            "The_Long_…". */}
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light">
            <IconMovie size={22} />
          </ThemeIcon>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Text>
            <Group justify="space-between" gap="xs" wrap="nowrap" mih={30}>
              <Text size="xs" c="dimmed">
                {formatBytes(file.size)}
              </Text>
              {(state.status === 'idle' || state.status === 'error') && (
                <Button
                  variant="subtle"
                  color="gray"
                  size="xs"
                  onClick={() => {
                    reset();
                    setFile(null);
                    findUnfinished();
                  }}
                >
                  Choose another file
                </Button>
              )}
            </Group>
          </div>
        </Group>
        <TextInput
          label="Name"
          placeholder="The title viewers will see"
          ref={titleRef}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Description"
          placeholder="A logline or a short synopsis"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Director" placeholder="Optional" {...form.getInputProps('director')} />
          <TextInput label="Producer" placeholder="Optional" {...form.getInputProps('producer')} />
        </SimpleGrid>
        {uploading && (
          <Text size="sm" c="dimmed" data-testid="details-while-uploading">
            Keep editing while the film uploads: the screener is created with these details once it is all
            sent.
          </Text>
        )}
        {state.status === 'error' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="upload-error">
            {state.message}
          </Alert>
        )}
        {state.status === 'done' && create.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="create-error">
            Your film is uploaded, but the screener was not created: {messageOf(create.error)}
          </Alert>
        )}
        {update.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="details-save-error">
            Your screener is created, but your latest details were not saved: {messageOf(update.error)}
          </Alert>
        )}
        {(uploading || state.status === 'done') && (
          <Stack gap={6} data-testid="upload-progress">
            <Progress
              aria-label="Upload progress"
              value={percent}
              size="lg"
              radius="xl"
              striped={state.status === 'uploading'}
              animated={state.status === 'uploading'}
            />
            <Group justify="space-between">
              {/* Not a live region: it changes many times a second; the status above says the milestones. */}
              <Text size="sm" data-testid="upload-progress-text">
                {state.status === 'done'
                  ? doneInWords({
                      creating: create.isPending,
                      notCreated,
                      createdId,
                      saving: update.isPending,
                    })
                  : `${formatBytes(state.sent)} of ${formatBytes(state.total)} (${percent}%)`}
                {uploading && state.resumed && ' · resumed'}
              </Text>
              <Text size="sm" c="dimmed">
                {state.status === 'paused'
                  ? 'Paused'
                  : state.status === 'uploading' && state.bytesPerSecond > 0
                    ? `${formatBytes(state.bytesPerSecond)}/s · about ${formatDuration(remaining)} left`
                    : ''}
              </Text>
            </Group>
          </Stack>
        )}
        <Group justify="flex-end">
          {uploading && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => void cancel()}
            >
              Cancel upload
            </Button>
          )}
          {state.status === 'uploading' && (
            <Button variant="light" leftSection={<IconPlayerPause size={16} />} onClick={pause}>
              Pause
            </Button>
          )}
          {state.status === 'paused' && (
            <Button leftSection={<IconPlayerPlay size={16} />} onClick={resume}>
              Resume
            </Button>
          )}
          {state.status === 'done' && notCreated && !create.isPending && (
            <Button leftSection={<IconMovie size={18} />} onClick={createScreener}>
              Create the screener
            </Button>
          )}
          {createdId && !update.isPending && (
            <Button onClick={() => saveDetails(createdId)}>Save details</Button>
          )}
          {(state.status === 'idle' || state.status === 'error') && (
            <Button type="submit" leftSection={<IconCloudUpload size={18} />}>
              {state.status === 'error' && !state.refused ? 'Try again' : 'Upload and create screener'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
