import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingStore, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailedNote } from '../../../components/load-failed-state';
import { notifySuccess } from '../../../lib/notify';
import {
  usePushVideoToMarket,
  useUnlistVideoFromMarket,
  useVerifyMarketCode,
  useVideoMarkets,
} from '../api/markets';
import { useDialogNavigation } from './use-dialog-navigation';

/** /screeners/{id}/dialog/share-to-market: list the film at an industry event by its market code. */
export function ShareToMarketDialog() {
  const { video, close } = useDialogNavigation();
  const [code, setCode] = useState('');
  const verify = useVerifyMarketCode();
  const push = usePushVideoToMarket(video.id);
  const markets = useVideoMarkets(video.id);
  const unlist = useUnlistVideoFromMarket(video.id);
  const verified = verify.data?.market && verify.variables === code ? verify.data.market : null;
  return (
    <Modal opened onClose={close} title="Share to a market" size="lg" radius="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Festivals and markets give you a market code. Listed films appear on the market's page, where
          accredited buyers ask for them and each receives a link of their own.
        </Text>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Market code"
            placeholder="CANNES2027"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            style={{ flex: 1 }}
            error={verify.isError && verify.variables === code ? verify.error.message : undefined}
          />
          <Button
            variant="default"
            onClick={() => verify.mutate(code)}
            loading={verify.isPending}
            disabled={code.trim().length < 4}
          >
            Verify
          </Button>
        </Group>
        {verified && (
          <Alert color="teal" variant="light" icon={<IconCheck />} title={verified.name}>
            <Group justify="space-between">
              <Text size="sm">The code is valid.</Text>
              <Button
                leftSection={<IconBuildingStore size={16} />}
                loading={push.isPending}
                onClick={() =>
                  push.mutate(verified.code, { onSuccess: () => notifySuccess(`Listed in ${verified.name}`) })
                }
              >
                List this film
              </Button>
            </Group>
          </Alert>
        )}
        {!markets.data && markets.isError && (
          <LoadFailedNote title="The markets this film is listed in could not be loaded" query={markets} />
        )}
        {(markets.data?.length ?? 0) > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Listed in
            </Text>
            <Stack gap={4}>
              {markets.data?.map((m) => (
                <Group key={m.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Badge variant="light" color="orange" data-testid="listed-market">
                    {m.name}
                  </Badge>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    data-danger
                    loading={unlist.isPending && unlist.variables === m.id}
                    aria-label={`Take this film out of ${m.name}`}
                    onClick={() =>
                      unlist.mutate(m.id, {
                        onSuccess: () =>
                          notifySuccess(
                            `Taken out of ${m.name}. Links its attendees already have keep working until you revoke them.`,
                          ),
                      })
                    }
                  >
                    Take out
                  </Button>
                </Group>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
