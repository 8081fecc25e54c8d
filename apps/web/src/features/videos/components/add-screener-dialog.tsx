import { Alert, Button, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { MESSAGES } from '@screenroom/shared/messages';
import { IconBrandVimeo, IconCloudUpload, IconLock, IconSparkles } from '@tabler/icons-react';
import { type ComponentType, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadFailedNote } from '../../../components/load-failed-state';
import { notifySuccess } from '../../../lib/notify';
import { useStripeProduct } from '../../billing/api/get-stripe-product';
import { useVimeoStatus } from '../../vimeo/api/get-vimeo-status';
import { useCreateVideo } from '../api/create-video';
import { SamplePanel } from './sample-panel';
import { UploadPanel } from './upload-panel';

/** A tab's words, shorter on a phone, where three long ones wrapped onto two rows. */
function TabLabel({ long, short }: { long: string; short: string }) {
  return (
    <>
      <Text span inherit visibleFrom="xs">
        {long}
      </Text>
      <Text span inherit hiddenFrom="xs">
        {short}
      </Text>
    </>
  );
}

/** What the dialog needs of a Vimeo film picker; the app gives it the vimeo feature's. */
export type VimeoPickerProps = {
  pickLabel: string;
  selectedId: string | null;
  pickingId: string | null;
  onPick: (film: { vimeo_id: string }) => void;
};

/** Import from the linked Vimeo account (the vimeo feature's picker), or an invitation to link one. */
function VimeoPanel({
  preselected,
  onCreated,
  Picker,
}: {
  preselected: string | null;
  onCreated: (videoId: string) => void;
  Picker: ComponentType<VimeoPickerProps>;
}) {
  const status = useVimeoStatus();
  const create = useCreateVideo();
  const intro = (
    <Text size="sm" c="dimmed">
      Imported films keep playing through Vimeo's player, with Screenroom's links, limits and tracking around
      them. We advise at least a Vimeo Pro account.
    </Text>
  );
  if (status.isPending) return <Loader size="sm" />;
  if (!status.data) return <LoadFailedNote title="Your Vimeo settings could not be loaded" query={status} />;
  if (!status.data.linked) {
    return (
      <Stack gap="sm" align="flex-start">
        {intro}
        <Button
          component={Link}
          to="/settings/vimeo-configurations"
          variant="light"
          leftSection={<IconBrandVimeo size={18} />}
        >
          Link your Vimeo account
        </Button>
      </Stack>
    );
  }
  const importing =
    create.isPending && create.variables?.source === 'vimeo' ? create.variables.vimeo_id : null;
  return (
    <Stack gap="sm">
      {intro}
      <Picker
        pickLabel="Add as screener"
        selectedId={preselected}
        pickingId={importing}
        onPick={(film) =>
          create.mutate(
            { source: 'vimeo', vimeo_id: film.vimeo_id, title: '', description: '' },
            { onSuccess: (video) => onCreated(video.id) },
          )
        }
      />
    </Stack>
  );
}

/** Said before anything is chosen: a film past the plan's limit is refused, however it is added. */
function PlanLimitNotice({ limit }: { limit: number }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconLock />} mb="md" data-testid="plan-limit">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{MESSAGES.planVideoLimitNotice(limit)}</Text>
        <Button component={Link} to="/pricing-plans" size="xs">
          See the plans
        </Button>
      </Stack>
    </Alert>
  );
}

/** /screeners/dialog/add-screener: upload a film, pick one from Vimeo, or add the sample. */
export function AddScreenerDialog({ vimeoPicker }: { vimeoPicker: ComponentType<VimeoPickerProps> }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preselectedVimeo = params.get('vimeo');
  const [uploading, setUploading] = useState(false);
  const plan = useStripeProduct().data;
  const atLimit = plan ? plan.usage.videos >= plan.limits.videos : false;
  const close = useCallback(() => navigate('/screeners'), [navigate]);
  const created = useCallback(
    (id: string) => {
      notifySuccess('Your screener is in. We are preparing its streams: you can follow the progress here.');
      navigate('/screeners', { state: { created: id } });
    },
    [navigate],
  );
  return (
    <Modal
      opened
      onClose={close}
      title="Add a screener"
      size="lg"
      radius="lg"
      // Escape leaves as the close button does: while a film uploads or waits for its screener, UploadPanel
      // asks first (and that question's own Escape stays its own: app/question-escape.tsx).
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {plan && atLimit && <PlanLimitNotice limit={plan.limits.videos} />}
      <Tabs
        defaultValue={preselectedVimeo ? 'vimeo' : 'upload'}
        keepMounted={false}
        // Mantine's side padding wrapped the third tab onto a line of its own on a 375 px phone.
        styles={{ tab: { paddingInline: 'var(--mantine-spacing-xs)' } }}
      >
        <Tabs.List mb="md" grow>
          <Tabs.Tab value="upload" leftSection={<IconCloudUpload size={16} />}>
            <TabLabel long="Upload a film" short="Upload" />
          </Tabs.Tab>
          {/* Leaving the upload's tab would stop it: the other ways wait until it is done. */}
          <Tabs.Tab value="vimeo" leftSection={<IconBrandVimeo size={16} />} disabled={uploading}>
            <TabLabel long="From Vimeo" short="Vimeo" />
          </Tabs.Tab>
          <Tabs.Tab value="sample" leftSection={<IconSparkles size={16} />} disabled={uploading}>
            <TabLabel long="Sample film" short="Sample" />
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upload">
          <UploadPanel onCreated={created} onUploadingChange={setUploading} disabled={atLimit} />
        </Tabs.Panel>
        <Tabs.Panel value="vimeo">
          <VimeoPanel preselected={preselectedVimeo} onCreated={created} Picker={vimeoPicker} />
        </Tabs.Panel>
        <Tabs.Panel value="sample">
          <SamplePanel onCreated={created} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
