import { ACCESS_LINK_PLACEHOLDER } from './schemas/tracking-links';

/** Where each viewer's name goes in an invitation's words. */
export const VIEWER_NAME_PLACEHOLDER = '{{viewer_name}}';

/**
 * The invitation's words for one viewer: their name where the placeholder is, or, for a viewer known by
 * address only, nothing (with the space before it: "Hello {{viewer_name}}," reads "Hello,").
 */
export function withViewerName(content: string, name: string | null) {
  return name
    ? content.split(VIEWER_NAME_PLACEHOLDER).join(name)
    : content.split(` ${VIEWER_NAME_PLACEHOLDER}`).join('').split(VIEWER_NAME_PLACEHOLDER).join('');
}

/** The longest subject an invitation may have (the schema's limit). */
const SUBJECT_MAX = 200;

/** `text` cut to `max` characters, an ellipsis marking the cut. */
const fit = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The invitation a presenter starts from: short and warm, naming the film and the presenter. Its subject
 * always fits the limit, however long the title and the name (the longest of both made one it refused).
 */
export function defaultInvitation(options: { title: string; presenterName: string }) {
  const { title, presenterName } = options;
  const lead = `${fit(presenterName, 60)} invites you to watch “`;
  return {
    from: presenterName,
    subject: `${lead}${fit(title, SUBJECT_MAX - lead.length - 1)}”`,
    content: [
      `Hello ${VIEWER_NAME_PLACEHOLDER},`,
      `I would love for you to see ${title}, privately, before it goes out into the world.`,
      `Here is your own link: ${ACCESS_LINK_PLACEHOLDER}`,
      'It was made for you alone, so please do not forward it. I would be glad to hear what you think.',
      `Warmly,\n${presenterName}`,
    ].join('\n\n'),
  };
}
