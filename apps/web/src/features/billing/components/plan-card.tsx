import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Plan } from '@screenroom/shared/schemas/billing';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** "$29", "€9.50": whole amounts without decimals. */
export function formatPrice(price: NonNullable<Plan['price']>) {
  const amount = price.unit_amount / 100;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

function featuresOf(plan: Plan): { label: string; included: boolean }[] {
  const { videos, watermark } = plan.limits;
  return [
    {
      label: `${videos} screener${videos === 1 ? '' : 's'} (the sample film does not count)`,
      included: true,
    },
    { label: 'A tracking link for every viewer, with limits, expiry and countries', included: true },
    { label: 'Sessions, watched minutes and a replay of every viewing', included: true },
    { label: 'Watermarks that name each viewer on screen', included: watermark },
  ];
}

type Props = {
  plan: Plan;
  current: boolean;
  highlight?: boolean;
  action: ReactNode;
  footnote?: ReactNode;
  /** The currency prices are shown in (the paid plan's), for the free plan's "0". */
  currency?: string;
};

/** One plan of the pricing page: name, price, what it includes, and what the presenter can do. */
export function PlanCard({ plan, current, highlight = false, action, footnote, currency = 'usd' }: Props) {
  return (
    <Card
      radius="lg"
      p="xl"
      data-testid={`plan-${plan.rule_set}`}
      style={
        highlight
          ? {
              borderColor: 'var(--mantine-color-violet-filled)',
              boxShadow: '0 0 0 1px var(--mantine-color-violet-filled)',
            }
          : undefined
      }
    >
      <Stack gap="lg" h="100%">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Title order={3} fz={22}>
              {plan.name}
            </Title>
            {current && (
              <Badge variant="filled" color="teal.9" data-testid="current-plan">
                Current plan
              </Badge>
            )}
          </Group>
          <Text c="dimmed" fz="sm" mih={40}>
            {plan.description}
          </Text>
        </Stack>
        <Group gap={6} align="baseline">
          {plan.rule_set === 'FREE' ? (
            <>
              <Text fz={36} fw={700} lh={1}>
                {formatPrice({ unit_amount: 0, currency, interval: null })}
              </Text>
              <Text c="dimmed">forever</Text>
            </>
          ) : plan.price ? (
            <>
              <Text fz={36} fw={700} lh={1} data-testid="plan-price">
                {formatPrice(plan.price)}
              </Text>
              {plan.price.interval && <Text c="dimmed">per {plan.price.interval}</Text>}
            </>
          ) : (
            <Text fz="lg" fw={600} c="dimmed" lh={1.6}>
              Ask an administrator
            </Text>
          )}
        </Group>
        {/* Mantine's list sets two-line items at a line height of 1, the lines almost touching. */}
        <List
          spacing="sm"
          size="sm"
          style={{ flex: 1 }}
          styles={{ item: { lineHeight: 1.45 }, itemWrapper: { alignItems: 'flex-start' } }}
        >
          {featuresOf(plan).map((f) => (
            <List.Item
              key={f.label}
              c={f.included ? undefined : 'dimmed'}
              icon={
                <ThemeIcon size={20} radius="xl" variant="light" color={f.included ? 'teal' : 'gray'}>
                  {f.included ? <IconCheck size={13} /> : <IconX size={13} />}
                </ThemeIcon>
              }
            >
              {f.label}
            </List.Item>
          ))}
        </List>
        <Stack gap={6}>
          {action}
          {footnote}
        </Stack>
      </Stack>
    </Card>
  );
}
