import { ACCESS_LINK_PLACEHOLDER } from './schemas/tracking-links';

/** The invitation a presenter starts from: short and warm, naming the film and the presenter. */
export function defaultInvitation(options: { title: string; presenterName: string }) {
  const { title, presenterName } = options;
  return {
    from: presenterName,
    subject: `${presenterName} invites you to watch “${title}”`,
    content: [
      'Hello,',
      `I would love for you to see ${title}, privately, before it goes out into the world.`,
      `Here is your own link: ${ACCESS_LINK_PLACEHOLDER}`,
      'It was made for you alone, so please do not forward it. I would be glad to hear what you think.',
      `Warmly,\n${presenterName}`,
    ].join('\n\n'),
  };
}
