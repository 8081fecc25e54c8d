import { MantineProvider } from '@mantine/core';
import { PAGE_TRANSITION_MS } from '@screenroom/shared/constants';
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

it('gives the pages their transition time from the spec’s constant', () => {
  render(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />);
  const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
  expect(styles).toContain(`--page-transition: ${PAGE_TRANSITION_MS}ms`);
});
