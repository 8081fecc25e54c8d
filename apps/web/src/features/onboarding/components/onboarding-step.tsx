import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePresenter } from '../../auth/api/session';
import { canVisit, type OnboardingPath, resumePath, stepNumber } from '../steps';
import { OnboardingStepper } from './onboarding-stepper';

/**
 * One onboarding page: the stepper, a title and the step's content. A page whose earlier steps are not
 * stored as done sends the presenter to the step they should resume.
 */
export function OnboardingStep({
  path,
  title,
  description,
  children,
}: {
  path: OnboardingPath;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const presenter = usePresenter();
  if (!canVisit(path, presenter.onboarding)) {
    return <Navigate to={`/onboarding/${resumePath(presenter.onboarding)}`} replace />;
  }
  return (
    <Stack gap="lg" data-testid={`onboarding-step-${path}`}>
      <OnboardingStepper active={stepNumber(path)} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={2} fz={{ base: 22, sm: 28 }}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="md">
                {description}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
