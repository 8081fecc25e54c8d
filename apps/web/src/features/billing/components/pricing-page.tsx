import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { MESSAGES } from '@screenroom/shared/messages';
import type { Plan, StripeProduct } from '@screenroom/shared/schemas/billing';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCreditCard,
  IconInfoCircle,
  IconMailCheck,
  IconSparkles,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePresenter } from '../../auth/api/session';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { usePlans } from '../api/get-plans';
import { useOpenBillingPortal } from '../api/get-portal-session-url';
import { useStripeProduct } from '../api/get-stripe-product';
import { useRequestProfessional } from '../api/request-professional';
import { PlanCard } from './plan-card';

const POLL_AFTER_CHECKOUT_MS = 2000;
/** A request for Professional stands for a day; after that it can be made again. */
const DAY_MS = 24 * 3_600_000;

function CheckoutNotice({ outcome, active }: { outcome: string | null; active: boolean }) {
  if (outcome === 'success') {
    return active ? (
      <Alert
        color="teal"
        icon={<IconCircleCheck />}
        title="Welcome to Professional"
        data-testid="checkout-notice"
      >
        Your payment went through and your Professional plan is active.
      </Alert>
    ) : (
      <Alert color="violet" icon={<IconSparkles />} title="Thank you!" data-testid="checkout-notice">
        Your payment went through. Your Professional plan is being switched on: this takes a few seconds.
      </Alert>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <Alert color="gray" icon={<IconInfoCircle />} data-testid="checkout-notice">
        Checkout was cancelled: nothing was charged.
      </Alert>
    );
  }
  return null;
}

function SubscriptionLine({ product }: { product: StripeProduct }) {
  const sub = product.subscription;
  if (!sub) return null;
  if (sub.status === 'past_due')
    return (
      <Alert color="orange" icon={<IconAlertTriangle />}>
        Your last payment did not go through. Stripe will try again; update your card in Manage billing to
        keep Professional.
      </Alert>
    );
  if (!sub.current_period_end || !['active', 'trialing'].includes(sub.status)) return null;
  const date = dayjs(sub.current_period_end).format('MMMM D, YYYY');
  return (
    <Text fz="sm" c="dimmed" data-testid="subscription-line">
      {sub.cancel_at_period_end ? `Professional ends on ${date}.` : `Renews on ${date}.`}
    </Text>
  );
}

function UsageCard({ product }: { product: StripeProduct }) {
  const { videos } = product.usage;
  const limit = product.limits.videos;
  const share = limit > 0 ? Math.min(100, (videos / limit) * 100) : 100;
  return (
    <Card radius="lg" p="lg">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Screeners on your plan</Text>
        <Text fz="sm" c="dimmed" data-testid="usage">
          {videos} of {limit} · {product.usage.tracking_links} tracking link
          {product.usage.tracking_links === 1 ? '' : 's'}
        </Text>
      </Group>
      <Progress value={share} color={share >= 100 ? 'orange' : 'violet'} aria-label="Screeners used" />
    </Card>
  );
}

function PricingSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-busy="true">
      {[0, 1].map((i) => (
        <Card key={i} radius="lg" p="xl">
          <Stack>
            <Skeleton h={26} w="40%" />
            <Skeleton h={14} w="90%" />
            <Skeleton h={40} w="50%" />
            {[0, 1, 2, 3].map((j) => (
              <Skeleton key={j} h={14} />
            ))}
            <Skeleton h={40} mt="md" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** /pricing-plans: the two plans side by side, the current one marked, upgrade and manage-billing actions. */
export function PricingPage() {
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  const plans = usePlans();
  const queryClient = useQueryClient();
  const [waitingForWebhook, setWaitingForWebhook] = useState(outcome === 'success');
  const product = useStripeProduct({
    pollMs: waitingForWebhook ? POLL_AFTER_CHECKOUT_MS : undefined,
    // This page says itself (with Try again) when the plan cannot be loaded.
    silent: true,
  });
  const checkout = useCreateCheckoutSession();
  const portal = useOpenBillingPortal();
  const { is_admin: isAdmin, timezone } = usePresenter();
  const askForProfessional = useRequestProfessional();

  const ruleSet = product.data?.rule_set;
  useEffect(() => {
    // Once Stripe's webhook has switched the plan on, every screen (the upgrade bar, limits) refreshes.
    if (waitingForWebhook && ruleSet === 'PROFESSIONAL') {
      setWaitingForWebhook(false);
      void queryClient.invalidateQueries();
    }
  }, [waitingForWebhook, ruleSet, queryClient]);

  if (plans.isPending || product.isPending) return <PricingSkeleton />;
  if (!plans.data || !product.data) {
    const failed = [plans, product].filter((q) => !q.data);
    return <LoadFailedState title="The plans could not be loaded" query={failed} />;
  }
  const { billing_enabled: billingEnabled, plans: plansData } = plans.data;
  const current = product.data;
  const isPro = current.rule_set === 'PROFESSIONAL';

  const actionFor = (plan: Plan) => {
    if (plan.rule_set === 'FREE') {
      return (
        <Button variant="default" fullWidth disabled>
          {isPro ? 'Included in Professional' : 'Your plan'}
        </Button>
      );
    }
    if (isPro) {
      return current.has_billing_account ? (
        <Button
          fullWidth
          variant="light"
          leftSection={<IconCreditCard size={18} />}
          loading={portal.isPending}
          onClick={() => portal.mutate()}
        >
          Manage billing
        </Button>
      ) : (
        <Button fullWidth variant="light" disabled>
          Granted by an administrator
        </Button>
      );
    }
    const upgrade = (
      <Button
        fullWidth
        leftSection={<IconSparkles size={18} />}
        disabled={!billingEnabled}
        loading={checkout.isPending}
        onClick={() => checkout.mutate()}
      >
        Upgrade to Professional
      </Button>
    );
    if (billingEnabled) return upgrade;
    // An administrator grants it to themselves in Presenters; anyone else asks the administrators.
    if (isAdmin) return <Tooltip label="Billing is not set up on this server">{upgrade}</Tooltip>;
    // Nobody to ask (ADMIN_EMAILS is empty): said, rather than a button that can only fail.
    if (!plans.data?.administrators) {
      return (
        <Button fullWidth variant="light" disabled data-testid="no-administrators">
          No administrator to ask yet
        </Button>
      );
    }
    const askedAt = current.professional_requested_at;
    const askedRecently = askedAt && Date.now() - Date.parse(askedAt) < DAY_MS;
    return askedRecently ? (
      <Button fullWidth variant="light" disabled leftSection={<IconMailCheck size={18} />}>
        Asked on {formatDate(askedAt, timezone)}
      </Button>
    ) : (
      <Button
        fullWidth
        leftSection={<IconSparkles size={18} />}
        loading={askForProfessional.isPending}
        onClick={() =>
          askForProfessional.mutate(undefined, {
            onSuccess: () =>
              notifySuccess('The administrators were told. You will get an e-mail when they grant it.'),
          })
        }
      >
        {askedAt ? 'Ask again for Professional' : 'Ask for Professional'}
      </Button>
    );
  };

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap={4}>
        <Title order={2}>Plans</Title>
        <Text c="dimmed">
          Start free. Move to Professional when your films need watermarks and more screeners.
        </Text>
      </Stack>
      <CheckoutNotice outcome={outcome} active={isPro} />
      {!billingEnabled && (
        <Alert color="blue" icon={<IconInfoCircle />} data-testid="billing-off">
          {MESSAGES.billingNotConfigured}
          {!plans.data.administrators && ` ${MESSAGES.noAdministrators}`}
          {isAdmin && (
            <>
              {' '}
              <Anchor component={Link} to="/presenters" fz="sm">
                Grant it in Presenters
              </Anchor>
            </>
          )}
        </Alert>
      )}
      <UsageCard product={current} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {plansData.map((plan) => (
          <PlanCard
            key={plan.rule_set}
            plan={plan}
            current={plan.rule_set === current.rule_set}
            highlight={plan.rule_set === 'PROFESSIONAL'}
            action={actionFor(plan)}
            currency={plansData.find((p) => p.price)?.price?.currency}
            footnote={
              plan.rule_set === 'PROFESSIONAL' && isPro ? (
                <>
                  <SubscriptionLine product={current} />
                  {current.sources.includes('grant') && (
                    <Text fz="sm" c="dimmed">
                      An administrator gave you Professional.
                    </Text>
                  )}
                </>
              ) : undefined
            }
          />
        ))}
      </SimpleGrid>
      {current.has_billing_account && !isPro && (
        <Group justify="center">
          <Button variant="subtle" size="xs" loading={portal.isPending} onClick={() => portal.mutate()}>
            Invoices and past payments
          </Button>
        </Group>
      )}
    </Stack>
  );
}
