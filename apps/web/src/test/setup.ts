import '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Mantine's autosizing textareas listen for web fonts, which happy-dom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// Every test starts on an empty page: what the last one rendered is taken down (globals stubbed with
// vi.stubGlobal are restored by the `unstubGlobals` setting).
afterEach(cleanup);
