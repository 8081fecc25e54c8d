/**
 * Decodes Stripe's form encoding (`line_items[0][price]=x&metadata[k]=v&expand[]=product`) into nested
 * objects and arrays, as Stripe's API does.
 */
export function decodeStripeForm(params: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of params) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      const container = node as Record<string, unknown>;
      const slot = Array.isArray(node) && segment === '' ? String(node.length) : segment;
      if (last) {
        container[slot] = value;
        return;
      }
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown>;
    });
  }
  return root;
}
