import { Button, Img, Link, Text } from '@react-email/components';
import type { LinkLimitsWords } from '@screenroom/shared/link-limits-words';
import { ACCESS_LINK_PLACEHOLDER } from '@screenroom/shared/schemas/tracking-links';
import { Fragment } from 'react';
import { LinkToPaste, MailLayout, mailClass, mailStyles, renderMail } from '../../infra/mail/layout';

/**
 * The presenter's own words, paragraph by paragraph, with each viewer's link where the placeholder was.
 * The pieces come from splitting one fixed text, so their positions are stable keys.
 */
function Content({ content, url }: { content: string; url: string }) {
  return (
    <>
      {content.split(/\n\s*\n/).map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed text, rendered once
        <Text key={i} className={mailClass.text} style={mailStyles.text}>
          {paragraph.split(ACCESS_LINK_PLACEHOLDER).map((piece, j, pieces) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed text, rendered once
            <Fragment key={j}>
              {piece.split('\n').map((line, k, lines) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed text, rendered once
                <Fragment key={k}>
                  {line}
                  {k < lines.length - 1 && <br />}
                </Fragment>
              ))}
              {j < pieces.length - 1 && (
                <Link
                  href={url}
                  className={mailClass.link}
                  style={{ ...mailStyles.link, ...mailStyles.writtenLink }}
                >
                  {url}
                </Link>
              )}
            </Fragment>
          ))}
        </Text>
      ))}
    </>
  );
}

/** The link's limits as a short list (the plain-text body lists them with asterisks). */
function Limits({ limits }: { limits: LinkLimitsWords }) {
  return (
    <>
      <Text className={mailClass.text} style={{ ...mailStyles.text, margin: '0 0 6px' }}>
        {limits.lead}
      </Text>
      <ul style={mailStyles.list}>
        {limits.items.map((item) => (
          <li key={item} className={mailClass.listItem} style={mailStyles.listItem}>
            {item}
          </li>
        ))}
      </ul>
      {limits.advice && (
        <Text className={mailClass.muted} style={mailStyles.muted}>
          {limits.advice}
        </Text>
      )}
    </>
  );
}

export function invitationMail(options: {
  subject: string;
  content: string;
  url: string;
  title: string;
  thumbnailUrl: string | null;
  limits: LinkLimitsWords | null;
  /** The presenter's name: a viewer who has never heard of us learns who sees their viewing. */
  presenter: string;
}) {
  const { subject, content, url, title, thumbnailUrl, limits, presenter } = options;
  return renderMail(
    <MailLayout preview={`A private screener of ${title}, just for you.`}>
      {thumbnailUrl && (
        <Img
          src={thumbnailUrl}
          alt={title}
          width="464"
          style={{ width: '100%', borderRadius: 8, margin: '0 0 18px' }}
        />
      )}
      <Content content={content} url={url} />
      {limits && <Limits limits={limits} />}
      <Button href={url} className={mailClass.button} style={mailStyles.button}>
        Watch {title}
      </Button>
      <Text className={mailClass.muted} style={{ ...mailStyles.muted, marginTop: 18 }}>
        {`This link is personal: viewing sessions are recorded for ${presenter}.`}
      </Text>
    </MailLayout>,
  ).then((body) => ({ subject, ...body }));
}

type MarketMail = { name: string; title: string; market: string; presenter: string };

export function marketAccessMail(options: MarketMail & { url: string }) {
  const { name, title, market, presenter, url } = options;
  return renderMail(
    <MailLayout preview={`Your screener of ${title}`}>
      <Text className={mailClass.text} style={mailStyles.text}>
        Hello {name},
      </Text>
      <Text className={mailClass.text} style={mailStyles.text}>
        You asked to watch {title}, offered by {presenter} at {market}. Here is your own link:
      </Text>
      <Button href={url} className={mailClass.button} style={mailStyles.button}>
        Watch {title}
      </Button>
      <LinkToPaste url={url} />
      <Text className={mailClass.muted} style={mailStyles.muted}>
        It is personal: please do not forward it. Viewing sessions are recorded for {presenter}. If you did
        not ask for this screener, you can ignore this e-mail.
      </Text>
    </MailLayout>,
  ).then((body) => ({ subject: `Your screener of “${title}” (${market})`, ...body }));
}

/** To an attendee whose access the presenter withdrew: said to them alone, never in the public answer. */
export function marketAccessWithdrawnMail(options: MarketMail) {
  const { name, title, market, presenter } = options;
  return renderMail(
    <MailLayout preview={`About ${title} at ${market}`}>
      <Text className={mailClass.text} style={mailStyles.text}>
        Hello {name},
      </Text>
      <Text className={mailClass.text} style={mailStyles.text}>
        You asked to watch {title} at {market}. {presenter.charAt(0).toUpperCase() + presenter.slice(1)}, who
        offers it, has withdrawn access for this e-mail, so there is no link to send. If you think this is a
        mistake, please contact {presenter}.
      </Text>
    </MailLayout>,
  ).then((body) => ({ subject: `About “${title}” (${market})`, ...body }));
}
