import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { MESSAGES } from '@screenroom/shared/messages';
import {
  MAX_SUBTITLE_TRACKS,
  SUBTITLE_LABEL_MAX,
  SUBTITLE_MAX_BYTES,
  type Subtitle,
} from '@screenroom/shared/schemas/subtitles';
import type { Video } from '@screenroom/shared/schemas/videos';
import {
  defaultSubtitleLabel,
  SUBTITLE_LANGUAGES,
  type SubtitleKind,
  type SubtitleLanguage,
} from '@screenroom/shared/subtitle-languages';
import { IconAlertTriangle, IconFileText, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { LoadFailedNote } from '../../../components/load-failed-state';
import { ApiError } from '../../../lib/api-client';
import { openConfirm } from '../../../lib/confirm';
import { formatDuration } from '../../../lib/duration';
import { focusWhenRowLeaves } from '../../../lib/focus-when-row-leaves';
import { formatBytes } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { messageOf, whenDone } from '../../../lib/query-client';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { useDeleteSubtitle } from '../api/delete-subtitle';
import { useSubtitles } from '../api/get-subtitles';
import { useUploadSubtitle } from '../api/upload-subtitle';

/** A last line ending this long after the film (seconds) is no rounding: the file was timed for another cut. */
export const LATE_CUE_MARGIN_S = 10;

/** Browsers give .srt files odd types (application/x-subrip, text/plain, none): the extension decides too. */
const SUBTITLE_FILE_TYPES = {
  'application/x-subrip': ['.srt'],
  'text/vtt': ['.vtt'],
};

const LANGUAGE_OPTIONS = (Object.entries(SUBTITLE_LANGUAGES) as [SubtitleLanguage, string][])
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));

const LAST_LANGUAGE_KEY = 'screenroom-subtitle-language';

/** The language of the presenter's last upload: a film's tracks are often added in the same language. */
function lastLanguage(): SubtitleLanguage {
  try {
    const stored = window.localStorage.getItem(LAST_LANGUAGE_KEY);
    if (stored && stored in SUBTITLE_LANGUAGES) return stored as SubtitleLanguage;
  } catch {
    // Storage refused (private mode): English.
  }
  return 'en';
}

function rememberLanguage(language: SubtitleLanguage) {
  try {
    window.localStorage.setItem(LAST_LANGUAGE_KEY, language);
  } catch {
    // Not kept: English next time.
  }
}

/** The track's language before its size, unless its name already says it ("English", "English · 7 lines"). */
const languageBesideLabel = ({ language, label }: Pick<Subtitle, 'language' | 'label'>) => {
  const name = SUBTITLE_LANGUAGES[language] ?? language;
  return name.toLowerCase() === label.trim().toLowerCase() ? '' : `${name} · `;
};

const linesOf = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'line' : 'lines'}`;

/** The last line ends well after the film: the file was likely made for another cut. */
export function endsAfterFilm(subtitle: Pick<Subtitle, 'last_cue_end'>, duration: number | null) {
  return duration !== null && subtitle.last_cue_end > duration + LATE_CUE_MARGIN_S;
}

type Props = { video: Pick<Video, 'id' | 'type' | 'duration' | 'playable'> };

/** A film's subtitle tracks on its page: the list, removal, and the upload of another. */
export function SubtitlesSection({ video }: Props) {
  const headingId = useId();
  const onVimeo = video.type === 'vimeo';
  return (
    <Card radius="lg" component="section" aria-labelledby={headingId} data-testid="subtitles-section">
      <Stack gap="md">
        <Title order={3} size="h4" id={headingId}>
          Subtitles
        </Title>
        {onVimeo ? <Text size="sm">{MESSAGES.subtitlesOnVimeo}</Text> : <SubtitleTracks video={video} />}
      </Stack>
    </Card>
  );
}

function SubtitleTracks({ video }: Props) {
  const list = useSubtitles(video.id);
  if (list.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading the subtitles…
        </Text>
      </Group>
    );
  if (!list.data) return <LoadFailedNote title="The subtitles could not be loaded" query={list} />;
  const subtitles = list.data;
  return (
    <Stack gap="md">
      {subtitles.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="subtitles-empty">
          No subtitles yet. Subtitles let a festival programmer or a buyer follow your film in a language they
          speak; captions also describe the sounds, for deaf and hard-of-hearing viewers. Viewers choose them
          in the player.
        </Text>
      ) : (
        <>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {subtitles.map((subtitle) => (
              <SubtitleRow key={subtitle.id} video={video} subtitle={subtitle} />
            ))}
          </Stack>
          {video.playable && (
            <Text size="sm" c="dimmed" data-testid="subtitles-check">
              To check their timing, turn them on in the player above, from its captions menu.
            </Text>
          )}
        </>
      )}
      {subtitles.length >= MAX_SUBTITLE_TRACKS ? (
        <Alert color="gray" variant="light" data-testid="subtitles-limit">
          {MESSAGES.subtitleLimit(MAX_SUBTITLE_TRACKS)}
        </Alert>
      ) : (
        <AddSubtitlesForm video={video} taken={subtitles.map((s) => s.label)} />
      )}
    </Stack>
  );
}

function SubtitleRow({ video, subtitle }: { video: Props['video']; subtitle: Subtitle }) {
  const remove = useDeleteSubtitle();
  const removeButton = useRef<HTMLButtonElement>(null);
  const late = endsAfterFilm(subtitle, video.duration);
  const confirmRemove = () =>
    openConfirm({
      title: 'Remove these subtitles?',
      children: <Text size="sm">Viewers will no longer be offered “{subtitle.label}” in the player.</Text>,
      labels: { confirm: 'Remove subtitles', cancel: 'Keep them' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        // The row leaves with its Remove button: focus goes to the next row's, else to the upload form.
        focusWhenRowLeaves(removeButton.current);
        const removal = remove.mutateAsync({ videoId: video.id, subtitleId: subtitle.id });
        whenDone(removal, () => notifySuccess(`Subtitles “${subtitle.label}” removed`));
        return removal;
      },
    });
  return (
    <li data-testid="subtitle-track" data-row>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {subtitle.label}
            </Text>
            {subtitle.kind === 'captions' && (
              <Badge variant="light" color="violet" size="sm">
                Captions
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {languageBesideLabel(subtitle)}
            {linesOf(subtitle.cues)}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          color="red"
          data-danger
          size="compact-sm"
          leftSection={<IconTrash size={16} />}
          aria-label={`Remove ${subtitle.label}`}
          ref={removeButton}
          data-row-control="remove"
          loading={remove.isPending}
          onClick={confirmRemove}
          style={{ flexShrink: 0 }}
        >
          Remove
        </Button>
      </Group>
      {late && (
        <Alert
          mt={6}
          py={8}
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="subtitle-late"
        >
          <Text size="sm">
            The last line comes after the film ends: is this file made for another cut? It ends at{' '}
            {formatDuration(subtitle.last_cue_end)}; the film lasts {formatDuration(video.duration)}.
          </Text>
        </Alert>
      )}
    </li>
  );
}

type Errors = Partial<Record<'file' | 'language' | 'kind' | 'label' | 'form', string>>;

/** Where a refusal of the upload is shown: beside the field it is about, else above the button. */
function errorsOf(error: unknown): Errors {
  const message = messageOf(error);
  if (!(error instanceof ApiError)) return { form: message };
  const field = error.errors[0]?.field;
  if (field === 'language' || field === 'kind' || field === 'label' || field === 'file')
    return { [field]: message };
  // A missing, unreadable or too large file.
  if (error.status === 400 || error.status === 413) return { file: message };
  return { form: message };
}

function AddSubtitlesForm({ video, taken }: { video: Props['video']; taken: string[] }) {
  const upload = useUploadSubtitle();
  const openPicker = useRef<() => void>(null);
  const ids = { kind: useId(), hint: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState<SubtitleLanguage>(lastLanguage);
  const [kind, setKind] = useState<SubtitleKind>('subtitles');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const sending = upload.isPending;
  const submitOnce = useSubmitOnce();

  const choose = (chosen: File) => {
    // Checked here so a too large file is not sent just to be refused; the server checks again.
    if (chosen.size > SUBTITLE_MAX_BYTES) {
      setFile(null);
      setErrors({ file: MESSAGES.subtitleTooLarge });
      return;
    }
    setFile(chosen);
    setErrors(({ file: _file, form: _form, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const effectiveLabel = label.trim() || defaultSubtitleLabel(language, kind);
    const found: Errors = {};
    if (!file) found.file = MESSAGES.subtitleFileRequired;
    if (label.trim().length > SUBTITLE_LABEL_MAX) found.label = MESSAGES.maxLength(SUBTITLE_LABEL_MAX);
    // As the server compares them: whatever the case.
    else if (taken.some((t) => t.toLowerCase() === effectiveLabel.toLowerCase()))
      found.label = MESSAGES.subtitleLabelTaken(effectiveLabel);
    setErrors(found);
    if (!file || Object.keys(found).length > 0) return;
    submitOnce(
      () => upload.mutateAsync({ videoId: video.id, file, language, kind, label: label.trim() || undefined }),
      {
        onSuccess: (added) => {
          rememberLanguage(language);
          setFile(null);
          setLabel('');
          notifySuccess(`Subtitles “${added.label}” added`);
        },
        onError: (error) => setErrors(errorsOf(error)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} data-testid="add-subtitles">
      <Stack gap="sm">
        <Title order={4} size="h5">
          Add subtitles
        </Title>
        <Dropzone
          onDrop={(files) => files[0] && choose(files[0])}
          onReject={(rejections) =>
            setErrors({
              file:
                rejections.length > 1
                  ? 'Choose one subtitle file at a time.'
                  : `“${rejections[0]?.file.name ?? 'This file'}” is not a subtitle file. ${MESSAGES.subtitleFileRequired}`,
            })
          }
          accept={SUBTITLE_FILE_TYPES}
          multiple={false}
          disabled={sending}
          radius="md"
          p="md"
          // The zone is for the mouse; the keyboard and screen readers have the button inside it.
          activateOnKeyboard={false}
          openRef={openPicker}
          data-testid="subtitle-dropzone"
          style={errors.file ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        >
          <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={32} stroke={1.4} color="var(--mantine-color-violet-5)" />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={32} stroke={1.4} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileText size={32} stroke={1.4} color="var(--mantine-color-dimmed)" />
            </Dropzone.Idle>
            <Stack gap={6} style={{ minWidth: 0, flex: 1 }} align="flex-start">
              {file ? (
                <Text size="sm" fw={500} data-testid="subtitle-file" style={{ overflowWrap: 'anywhere' }}>
                  {file.name} ({formatBytes(file.size)})
                </Text>
              ) : (
                <Text size="sm" fw={500}>
                  Drop a subtitle file here
                </Text>
              )}
              <Text size="xs" c="dimmed" id={ids.hint}>
                SubRip (.srt) or WebVTT (.vtt), under 1MB.
              </Text>
              <Button
                variant="light"
                size="compact-sm"
                disabled={sending}
                aria-describedby={ids.hint}
                data-focus-when-list-empties
                style={{ pointerEvents: 'auto' }}
                onClick={(event) => {
                  event.stopPropagation();
                  openPicker.current?.();
                }}
              >
                {file ? 'Choose another file' : 'Choose a file'}
              </Button>
            </Stack>
          </Group>
        </Dropzone>
        {errors.file && (
          <Text size="sm" c="red" role="alert" data-testid="subtitle-file-error">
            {errors.file}
          </Text>
        )}
        <Select
          label="Language"
          data={LANGUAGE_OPTIONS}
          value={language}
          onChange={(value) => {
            if (!value) return;
            setLanguage(value as SubtitleLanguage);
            setErrors(({ language: _language, ...rest }) => rest);
          }}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No language by that name"
          error={errors.language}
          disabled={sending}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={ids.kind}>
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby={ids.kind}
            data={[
              { value: 'subtitles', label: 'Subtitles' },
              { value: 'captions', label: 'Captions' },
            ]}
            value={kind}
            onChange={(value) => setKind(value as SubtitleKind)}
            disabled={sending}
            style={{ alignSelf: 'flex-start' }}
          />
          <Text size="xs" c="dimmed">
            {kind === 'captions'
              ? 'Captions write out the dialogue and describe the sounds, for deaf and hard-of-hearing viewers.'
              : 'Subtitles translate or write out the dialogue.'}
          </Text>
          {errors.kind && (
            <Text size="sm" c="red" role="alert">
              {errors.kind}
            </Text>
          )}
        </Stack>
        <TextInput
          label="Name in the player (optional)"
          description="What viewers see in the player's subtitles menu."
          placeholder={defaultSubtitleLabel(language, kind)}
          value={label}
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            setErrors(({ label: _label, ...rest }) => rest);
          }}
          error={errors.label}
          disabled={sending}
        />
        {errors.form && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="subtitle-form-error"
          >
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={sending} leftSection={<IconUpload size={16} />}>
            Add subtitles
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
