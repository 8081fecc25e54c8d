import { afterEach, describe, expect, it } from 'vitest';
import { focusWhenRowLeaves } from './focus-when-row-leaves';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A filter, a list of rows with an Actions button each, and a dialog's button outside the list. */
function renderList(names: string[]) {
  document.body.innerHTML = `
    <input aria-label="Filter by status" data-focus-when-list-empties />
    <ul>${names.map((name) => `<li data-row><button data-row-control="actions">Actions for ${name}</button></li>`).join('')}</ul>
    <div role="dialog"><button>Revoke access</button></div>`;
  const button = (name: string) =>
    [...document.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => b.textContent === `Actions for ${name}`,
    );
  const row = (name: string) => button(name)?.closest('li') as HTMLElement;
  return { button, row };
}

// MutationObserver calls back in a microtask.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('focusWhenRowLeaves', () => {
  it('moves focus to the row that takes the place of the one that left', async () => {
    const { button, row } = renderList(['ada', 'ben', 'cy']);
    button('ben')?.focus();
    focusWhenRowLeaves(button('ben') ?? null);
    row('ben').remove();
    await settle();
    expect(document.activeElement).toBe(button('cy'));
  });

  it('moves focus to the row above when the last row left', async () => {
    const { button, row } = renderList(['ada', 'ben']);
    button('ben')?.focus();
    focusWhenRowLeaves(button('ben') ?? null);
    row('ben').remove();
    await settle();
    expect(document.activeElement).toBe(button('ada'));
  });

  it("moves focus to the list's filter when the list is empty", async () => {
    const { button, row } = renderList(['ada']);
    button('ada')?.focus();
    focusWhenRowLeaves(button('ada') ?? null);
    row('ada').remove();
    await settle();
    expect(document.activeElement).toBe(document.querySelector('[aria-label="Filter by status"]'));
  });

  it('waits for focus to leave a closing dialog before moving it', async () => {
    const { button, row } = renderList(['ada', 'ben']);
    const confirm = document.querySelector<HTMLButtonElement>('[role="dialog"] button');
    confirm?.focus();
    focusWhenRowLeaves(button('ada') ?? null);
    row('ada').remove();
    await settle();
    expect(document.activeElement).toBe(confirm);
    document.querySelector('[role="dialog"]')?.remove();
    await settle();
    expect(document.activeElement).toBe(button('ben'));
  });

  it('leaves focus alone when the person moved it elsewhere, or the row stays', async () => {
    const { button, row } = renderList(['ada', 'ben', 'cy']);
    focusWhenRowLeaves(button('ada') ?? null);
    button('cy')?.focus();
    row('ada').remove();
    await settle();
    expect(document.activeElement).toBe(button('cy'));

    button('ben')?.focus();
    focusWhenRowLeaves(button('ben') ?? null);
    document.body.append(document.createElement('p'));
    await settle();
    expect(document.activeElement).toBe(button('ben'));
  });
});
