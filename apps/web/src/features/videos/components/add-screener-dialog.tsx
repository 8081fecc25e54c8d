import { Button, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconBrandVimeo, IconCloudUpload, IconSparkles } from '@tabler/icons-react';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { SamplePanel } from './sample-panel';
import { UploadPanel } from './upload-panel';

function VimeoPanel() {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        Import a film from your Vimeo account: it keeps playing through Vimeo's player, with Screenroom's
        links, limits and tracking around it. We advise at least a Vimeo Pro account.
      </Text>
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

/** /screeners/dialog/add-screener: upload a film, pick one from Vimeo, or add the sample. */
export function AddScreenerDialog() {
  const navigate = useNavigate();
  const close = useCallback(() => navigate('/screeners'), [navigate]);
  const created = useCallback(
    (id: string) => {
      notifySuccess('Your screener is in. We are preparing its streams: you can follow the progress here.');
      navigate('/screeners', { state: { created: id } });
    },
    [navigate],
  );
  return (
    <Modal opened onClose={close} title="Add a screener" size="lg" radius="lg">
      <Tabs defaultValue="upload" keepMounted={false}>
        <Tabs.List mb="md" grow>
          <Tabs.Tab value="upload" leftSection={<IconCloudUpload size={16} />}>
            Upload a film
          </Tabs.Tab>
          <Tabs.Tab value="vimeo" leftSection={<IconBrandVimeo size={16} />}>
            From Vimeo
          </Tabs.Tab>
          <Tabs.Tab value="sample" leftSection={<IconSparkles size={16} />}>
            Sample film
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upload">
          <UploadPanel onCreated={created} />
        </Tabs.Panel>
        <Tabs.Panel value="vimeo">
          <VimeoPanel />
        </Tabs.Panel>
        <Tabs.Panel value="sample">
          <SamplePanel onCreated={created} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
