import { Group, Progress, Stepper, Text } from '@mantine/core';
import { ONBOARDING_PAGES } from '../steps';

/** Where the presenter is: the full stepper on wide screens, "Step n of 6" with a bar on phones. */
export function OnboardingStepper({ active }: { active: number }) {
  const total = ONBOARDING_PAGES.length;
  return (
    <>
      <Stepper
        active={active}
        size="sm"
        visibleFrom="sm"
        aria-label="Onboarding progress"
        allowNextStepsSelect={false}
      >
        {ONBOARDING_PAGES.map((page) => (
          <Stepper.Step key={page.path} label={page.label} />
        ))}
      </Stepper>
      <div data-testid="onboarding-progress-compact">
        <Group justify="space-between" hiddenFrom="sm" mb={6}>
          <Text size="sm" fw={600}>
            {ONBOARDING_PAGES[active]?.label}
          </Text>
          <Text size="sm" c="dimmed">
            Step {active + 1} of {total}
          </Text>
        </Group>
        <Progress hiddenFrom="sm" value={((active + 1) / total) * 100} size="sm" aria-hidden />
      </div>
    </>
  );
}
