/**
 * What a limited link tells its viewer under the film's title: how many viewings it allows, which this
 * is, and what opening it again does. A reload goes on with this viewing; a new tab or a later visit is
 * a new one, which the last viewing of a link does not leave room for.
 */
export function viewingsNote({ used, limit }: { used: number; limit: number }) {
  const last = used >= limit;
  const which =
    limit === 1
      ? 'one viewing: this one'
      : `${limit} viewings; this is viewing ${used}${last ? ', the last' : ''}`;
  const again = last
    ? ', but the link will not open again in another tab or later'
    : '; opening the link again in another tab or later starts a new viewing';
  return `This link allows ${which}. Reloading this page carries on with it${again}.`;
}
