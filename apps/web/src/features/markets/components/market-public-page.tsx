import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MESSAGES } from '@screenroom/shared/messages';
import { requestMarketAccessBody } from '@screenroom/shared/schemas/markets';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { formatDuration } from '../../../lib/duration';
import { showServerErrors } from '../../../lib/forms';
import { usePublicMarket, useRequestMarketAccess } from '../api/public-market';

type Film = {
  video_id: string;
  title: string;
  description: string;
  director: string | null;
  duration: number | null;
  thumbnail: string | null;
};

/** The attendee's fields, checked by the API's own rules (and so in its words). */
const checkRequest = schemaResolver(requestMarketAccessBody.omit({ videoId: true }), { sync: true });

function RequestForm({ code, film, onClose }: { code: string; film: Film; onClose: () => void }) {
  const request = useRequestMarketAccess(code);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', company: '' },
    validate: checkRequest,
  });
  if (request.isSuccess) {
    return (
      <Alert color="teal" icon={<IconMailCheck />} title="Check your inbox">
        {request.data.message} The link is yours alone.
      </Alert>
    );
  }
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        request.mutate({ videoId: film.video_id, ...v }, { onError: (e) => showServerErrors(form, e) }),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Your name" {...form.getInputProps('name')} />
        <TextInput label="Your e-mail" type="email" {...form.getInputProps('email')} />
        <TextInput label="Company (optional)" {...form.getInputProps('company')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending}>
            Send me a link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /market/{code} (public): a market's films, and a request form for accredited attendees. */
export function MarketPublicPage() {
  const { code = '' } = useParams();
  const market = usePublicMarket(code);
  const [chosen, setChosen] = useState<Film | null>(null);
  if (market.isPending) return <PageLoader />;
  if (!market.data) {
    return (
      <Stack align="center" mt="xl">
        <Title order={3}>{MESSAGES.invalidCode}</Title>
        <Text c="dimmed">This market does not exist or is closed.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{market.data.market.name}</Title>
        <Text c="dimmed">Ask for a film: your own link arrives by e-mail.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {market.data.films.map((film) => (
          <Card key={film.video_id} radius="lg" padding="md">
            {film.thumbnail && (
              <Card.Section>
                <Image src={film.thumbnail} alt="" h={160} fit="cover" />
              </Card.Section>
            )}
            <Stack gap={6} mt="sm">
              <Text fw={600}>{film.title}</Text>
              <Text size="xs" c="dimmed">
                {[film.director, film.duration ? formatDuration(film.duration) : null]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Text size="sm" lineClamp={3}>
                {film.description}
              </Text>
              <Button variant="light" onClick={() => setChosen(film)}>
                Ask for a screener
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Modal opened={chosen !== null} onClose={() => setChosen(null)} title={chosen?.title} radius="lg">
        {chosen && <RequestForm code={code} film={chosen} onClose={() => setChosen(null)} />}
      </Modal>
    </Stack>
  );
}
