import { afterEach, describe, expect, it } from 'vitest';
import { dropFocusWhenDisabled } from '../test/drop-focus-when-disabled';
import { focusBackWhenDone } from './focus-back-when-done';

afterEach(() => {
  document.body.innerHTML = '';
});

// MutationObserver calls back in a microtask; a settled promise's callbacks run before it.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function renderButton() {
  document.body.innerHTML = '<button>Preview</button><button>Elsewhere</button>';
  return [...document.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
}

describe('focusBackWhenDone', () => {
  it('gives focus back when a quick answer came before the loader dropped it', async () => {
    const [preview] = renderButton();
    const stopDropping = dropFocusWhenDisabled();
    preview.focus();
    focusBackWhenDone(preview, Promise.reject(new Error('The server cannot be reached.')));
    await settle();
    // The loader shows, then goes, after the answer (React renders after it).
    preview.disabled = true;
    await settle();
    expect(document.activeElement).toBe(document.body);
    preview.disabled = false;
    await settle();
    expect(document.activeElement).toBe(preview);
    stopDropping();
  });

  it('leaves the focus where the person put it after a click', async () => {
    const [preview, elsewhere] = renderButton();
    focusBackWhenDone(preview, Promise.resolve());
    await settle();
    elsewhere.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    elsewhere.focus();
    elsewhere.blur();
    await settle();
    preview.disabled = true;
    preview.disabled = false;
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
