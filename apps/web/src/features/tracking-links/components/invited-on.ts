import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { formatDate } from '../../../lib/format';

/**
 * The Invited column: the day the invitation was mailed. A link never mailed (an access link, one made
 * through an anonymous link) shows the empty mark, not the day it was made.
 */
export const invitedOn = (link: Pick<TrackingLink, 'invite_date'>, timezone: string) =>
  formatDate(link.invite_date, timezone);
