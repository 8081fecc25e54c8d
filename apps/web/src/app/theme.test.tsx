import { MantineProvider } from '@mantine/core';
import { PAGE_TRANSITION_MS } from '@screenroom/shared/constants';
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

afterEach(cleanup);

it('gives the pages their transition time from the spec’s constant', () => {
  render(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />);
  const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
  expect(styles).toContain(`--page-transition: ${PAGE_TRANSITION_MS}ms`);
});
