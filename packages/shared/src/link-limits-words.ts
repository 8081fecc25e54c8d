// No zod here: the mail and the invitation dialog's preview both say it.
import { linkDateInWords } from './access-refusals';

/**
 * A personal link's limits in the viewer's words, for the invitation mail. Without them a programmer
 * who opened a one-viewing link to check it, and closed the tab, found it used up. The end is said in
 * the presenter's time zone, named, as the viewer's is unknown.
 */
export function linkLimitsInWords(limits: {
  usageLimit: number | null;
  endsAt: Date | string | null;
  timeZone: string;
}) {
  const { usageLimit, endsAt, timeZone } = limits;
  const until = endsAt ? `until ${linkDateInWords(new Date(endsAt), timeZone)} (${timeZone} time)` : null;
  if (usageLimit) {
    const viewings = usageLimit === 1 ? 'one viewing' : `${usageLimit} viewings`;
    return `This link allows ${viewings}${until ? `, ${until}` : ''}: open it when you have time to watch the film. Reloading the page goes on with the same viewing; opening the link in another tab or on another device starts a new one.`;
  }
  return until ? `This link works ${until}.` : null;
}
