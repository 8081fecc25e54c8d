import {
  Button,
  Divider,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type ImageKind,
  type UpdateVideoBody,
  updateVideoBody,
  type Video,
} from '@screenroom/shared/schemas/videos';
import { useState } from 'react';
import { useLocation, useNavigate, useOutletContext } from 'react-router';
import { ProfessionalLock } from '../../../components/professional-lock';
import { openConfirm } from '../../../lib/confirm';
import { dialogBackgroundOf } from '../../../lib/dialog-background';
import { focusFirstError, showServerErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { usePresenter } from '../../auth/api/session';
import { useUpdateImage } from '../api/update-image';
import { useUpdateVideo } from '../api/update-video';
import { ImageField } from './image-field';

type Values = {
  title: string;
  description: string;
  director: string;
  producer: string;
  admin_note: string;
  theme: 'dark' | 'light';
  enable_logo: boolean;
  enable_watermark: boolean;
  watermark: string;
  watermark_type: 'text' | 'image';
};

const valuesOf = (v: Video): Values => ({
  title: v.title,
  description: v.description,
  director: v.director ?? '',
  producer: v.producer ?? '',
  admin_note: v.admin_note ?? '',
  theme: v.theme,
  enable_logo: v.enable_logo,
  enable_watermark: v.enable_watermark,
  watermark: v.watermark ?? '',
  watermark_type: v.watermark_type,
});

/** /screeners/{id}/dialog/configurations: details, look, logo and (Professional) watermark. */
export function ConfigurationsDialog() {
  const video = useOutletContext<Video>();
  const presenter = usePresenter();
  const navigate = useNavigate();
  const update = useUpdateVideo({ silent: true });
  const professional = presenter.rule_set === 'PROFESSIONAL';
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(video),
    validate: schemaResolver(updateVideoBody, { sync: true }),
  });
  const background = dialogBackgroundOf(useLocation().state);
  const close = () => navigate(`/screeners/${video.id}/${background}`);
  // Escape, a click beside the dialog or Cancel: edits are not thrown away without a word.
  const closeAsking = () => {
    const staged = Object.values(images).some(Boolean);
    if (!form.isDirty() && !staged) return close();
    openConfirm({
      title: 'Discard your changes?',
      children: <Text size="sm">What you changed in this screener's settings has not been saved.</Text>,
      labels: { confirm: 'Discard', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: close,
    });
  };
  const [images, setImages] = useState<Partial<Record<ImageKind, File>>>({});
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageKind, string>>>({});
  const updateImage = useUpdateImage();
  const submitOnce = useSubmitOnce();
  const imageField = (kind: ImageKind) => ({
    kind,
    file: images[kind] ?? null,
    error: imageErrors[kind],
    onChange: (file: File | null) => {
      setImages((staged) => ({ ...staged, [kind]: file ?? undefined }));
      setImageErrors((errors) => ({ ...errors, [kind]: undefined }));
    },
  });

  /** Chosen images are sent with Save, one after another, so Cancel leaves the film as it was. */
  const saveImages = async (values: Values) => {
    for (const [kind, file] of Object.entries(images) as [ImageKind, File | undefined][]) {
      // A watermark image chosen, then left for the text watermark, is not on screen: not sent either.
      const hidden = kind === 'watermark' && (!professional || values.watermark_type !== 'image');
      if (!file || hidden) continue;
      try {
        await updateImage.mutateAsync({ videoId: video.id, kind, file });
        setImages((staged) => ({ ...staged, [kind]: undefined }));
      } catch (error) {
        setImageErrors((errors) => ({ ...errors, [kind]: (error as Error).message }));
        return false;
      }
    }
    return true;
  };

  const save = (values: Values) => {
    const initial = valuesOf(video);
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => initial[k as keyof Values] !== v),
    ) as Partial<Values>;
    if (!professional) {
      delete changed.enable_watermark;
      delete changed.watermark;
      delete changed.watermark_type;
    }
    const watermarkShown = professional && values.watermark_type === 'image';
    const staged = Object.entries(images).some(
      ([kind, file]) => file && (kind !== 'watermark' || watermarkShown),
    );
    if (Object.keys(changed).length === 0 && !staged) return close();
    submitOnce(
      async () => {
        if (!(await saveImages(values))) return false;
        if (Object.keys(changed).length > 0)
          await update.mutateAsync({ id: video.id, ...(changed as UpdateVideoBody) });
        return true;
      },
      {
        onSuccess: (saved) => {
          if (!saved) return;
          notifySuccess('Screener saved');
          close();
        },
        onError: (e) => showServerErrors(form, e),
      },
    );
  };

  return (
    <Modal opened onClose={closeAsking} title={`Configure “${video.title}”`} size="xl" radius="lg">
      <form noValidate onSubmit={form.onSubmit(save, focusFirstError(form))}>
        <Stack gap="md">
          <TextInput label="Title" data-autofocus {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Director" {...form.getInputProps('director')} />
            <TextInput label="Producer" {...form.getInputProps('producer')} />
          </SimpleGrid>
          <Textarea
            label="Note to yourself"
            description="Only you see this note; viewers never do."
            autosize
            minRows={2}
            {...form.getInputProps('admin_note')}
          />

          <Divider label="Look of the viewer's page" labelPosition="left" />
          <Group justify="space-between">
            <div>
              <Text size="sm" fw={500}>
                Page theme
              </Text>
              <Text size="xs" c="dimmed">
                How the screener page looks to your viewers.
              </Text>
            </div>
            <SegmentedControl
              data={[
                { value: 'dark', label: 'Dark' },
                { value: 'light', label: 'Light' },
              ]}
              {...form.getInputProps('theme')}
            />
          </Group>
          <ImageField
            {...imageField('thumbnail')}
            label="Thumbnail"
            description="Shown in your library and before the film starts. JPG or PNG under 1MB."
            url={video.thumbnail}
          />
          <ImageField
            {...imageField('logo')}
            label="Logo"
            description="Your company or festival logo on the viewer's page. JPG or PNG under 1MB."
            url={video.logo}
          />
          <Switch
            label="Show the logo on the viewer's page"
            {...form.getInputProps('enable_logo', { type: 'checkbox' })}
          />

          <Divider label="Watermark" labelPosition="left" />
          <ProfessionalLock
            locked={!professional}
            feature="Watermarks"
            description="Put each viewer's identity on screen while they watch, so a leaked copy says who leaked it."
          >
            <Stack gap="sm" data-testid="watermark-settings">
              <Switch
                label="Show a watermark over the film"
                description="It moves across the picture every 20 to 40 seconds, in fullscreen too."
                {...form.getInputProps('enable_watermark', { type: 'checkbox' })}
              />
              <SegmentedControl
                data={[
                  { value: 'text', label: "Viewer's identity (text)" },
                  { value: 'image', label: 'Your image' },
                ]}
                {...form.getInputProps('watermark_type')}
              />
              {form.getValues().watermark_type === 'text' ? (
                <TextInput
                  label="Extra line (optional)"
                  description="Shown with the viewer's e-mail or name and a short session code."
                  placeholder="Confidential: do not share"
                  {...form.getInputProps('watermark')}
                />
              ) : (
                <ImageField
                  {...imageField('watermark')}
                  label="Watermark image"
                  description="A semi-transparent PNG works best. JPG or PNG under 1MB."
                  url={video.watermark_image}
                />
              )}
            </Stack>
          </ProfessionalLock>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={closeAsking}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending || updateImage.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
