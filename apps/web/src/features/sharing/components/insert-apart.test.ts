import { describe, expect, it } from 'vitest';
import { insertApart } from './insert-apart';

describe('insertApart', () => {
  it('keeps the token apart from the words around it', () => {
    expect(insertApart('Watch this please', 17, '{{x}}')).toBe('Watch this please {{x}}');
    expect(insertApart('Hello there', 5, '{{x}}')).toBe('Hello {{x}} there');
    expect(insertApart('Watch:\n', 7, '{{x}}')).toBe('Watch:\n{{x}}');
    expect(insertApart('', 0, '{{x}}')).toBe('{{x}}');
  });
});
