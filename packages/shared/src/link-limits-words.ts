// No zod here: the mail and the invitation dialog's preview both say it.
import { linkDateInWords } from './access-refusals';
import { countryInSentence } from './countries';

/** A personal link's limits as the invitation mail lists them: a lead-in, short items, and advice. */
export type LinkLimitsWords = { lead: string; items: string[]; advice: string | null };

const listed = (codes: string[]) => {
  const names = codes.map(countryInSentence);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

/**
 * A personal link's limits in the viewer's words, for the invitation mail: one short item each (read on
 * a phone, one long sentence hid the end date in its middle). Without them a programmer who opened a
 * one-viewing link to check it, and closed the tab, found it used up. The end is said in the presenter's
 * time zone, named, as the viewer's is unknown. Null for a link without limits.
 */
export function linkLimitsInWords(limits: {
  usageLimit: number | null;
  endsAt: Date | string | null;
  timeZone: string;
  geo?: { type: 'none' | 'allow' | 'block'; countries: string[] };
}): LinkLimitsWords | null {
  const { usageLimit, endsAt, timeZone, geo } = limits;
  const items = [
    usageLimit ? `for ${usageLimit === 1 ? 'one viewing' : `${usageLimit} viewings`}` : null,
    endsAt ? `until ${linkDateInWords(new Date(endsAt), timeZone)} (${timeZone} time)` : null,
    geo?.type === 'allow' && geo.countries.length ? `only in ${listed(geo.countries)}` : null,
    geo?.type === 'block' && geo.countries.length ? `everywhere but ${listed(geo.countries)}` : null,
  ].filter((item): item is string => item !== null);
  if (items.length === 0) return null;
  return {
    lead: 'This link works:',
    items,
    advice: usageLimit
      ? 'Open it when you have time to watch the film. Reloading the page goes on with the same viewing; opening the link in another tab or on another device starts a new one.'
      : null,
  };
}
