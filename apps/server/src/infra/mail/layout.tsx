import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Preview,
  Section,
  Text,
  toPlainText,
} from '@react-email/components';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const colors = { page: '#f4f4f6', card: '#ffffff', ink: '#1a1b1e', muted: '#6b6f76', accent: '#7048e8' };

/**
 * The same frame in a mail client's dark mode, for clients that honour `prefers-color-scheme` (Apple
 * Mail, iOS, Outlook for Mac): the inline light colours stay for every other client, and these override
 * them through classes (hence `!important`). Our purple text reads at 2.9:1 on a dark card, so links and
 * the name go lighter; the button keeps its purple, whose white label reads the same on either card.
 */
const darkColors = { page: '#101113', card: '#1f2024', ink: '#e9ecef', muted: '#b0b3b9', accent: '#b197fc' };

/**
 * Each coloured element's class: what the dark-mode block below recolours. (react-email's Body repeats
 * its style on a table cell inside it, for clients that drop the body, hence the page's second selector.)
 */
export const mailClass = {
  text: 'sr-ink',
  code: 'sr-ink',
  listItem: 'sr-ink',
  muted: 'sr-muted',
  link: 'sr-link',
  button: 'sr-button',
} as const;

const darkModeCss = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark) {
.sr-page,.sr-page>table>tbody>tr>td{background-color:${darkColors.page} !important}
.sr-card{background-color:${darkColors.card} !important}
.sr-ink{color:${darkColors.ink} !important}
.sr-muted{color:${darkColors.muted} !important}
.sr-link{color:${darkColors.accent} !important}
.sr-brand{color:${darkColors.accent} !important}
.sr-footer{color:${darkColors.muted} !important}
.sr-button{background-color:${colors.accent} !important;color:#ffffff !important}
}`;

/** The frame every mail of ours shares: a preview line, a white card (dark in dark mode), a quiet footer. */
export function MailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="sr-page"
        style={{ backgroundColor: colors.page, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 }}
      >
        <Container style={{ maxWidth: 520, margin: '32px auto', padding: '0 12px' }}>
          <Text
            className="sr-brand"
            style={{ fontSize: 18, fontWeight: 700, color: colors.accent, margin: '0 0 12px' }}
          >
            Screenroom
          </Text>
          <Section
            className="sr-card"
            style={{ backgroundColor: colors.card, borderRadius: 12, padding: '28px 28px 20px' }}
          >
            {children}
          </Section>
          <Hr style={{ borderColor: 'transparent', margin: '8px 0' }} />
          <Text className="sr-footer" style={{ fontSize: 12, color: colors.muted, textAlign: 'center' }}>
            Private film screeners, shared with the people you choose.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const mailStyles = {
  text: { fontSize: 15, lineHeight: '24px', color: colors.ink, margin: '0 0 14px' },
  muted: { fontSize: 13, lineHeight: '20px', color: colors.muted, margin: '0 0 10px' },
  /**
   * A link written out in full: broken anywhere when it cannot fit a line of its own, or its one long word
   * makes the mail wider than a phone. (`break-word` is the older spelling some mail clients know.)
   */
  writtenLink: { overflowWrap: 'anywhere' as const, wordBreak: 'break-word' as const },
  /** A link within text: react-email's default blue reads at under 4.5:1 on white, and is not underlined. */
  link: { color: colors.accent, textDecorationLine: 'underline' },
  list: { margin: '0 0 14px', paddingLeft: 22 },
  listItem: { fontSize: 15, lineHeight: '24px', color: colors.ink, margin: '0 0 2px' },
  button: {
    backgroundColor: colors.accent,
    color: '#ffffff',
    borderRadius: 8,
    padding: '12px 20px',
    fontWeight: 600,
    fontSize: 15,
    textDecoration: 'none',
  },
  code: {
    fontSize: 32,
    letterSpacing: 8,
    fontWeight: 700,
    color: colors.ink,
    textAlign: 'center' as const,
    margin: '8px 0 18px',
  },
};

/** Under a mail's button, its link written out in full, for a mail client that shows no buttons. */
export function LinkToPaste({ url }: { url: string }) {
  return (
    <>
      <Text className={mailClass.muted} style={{ ...mailStyles.muted, marginTop: 18 }}>
        Or paste this link into your browser:
      </Text>
      <Text className={mailClass.muted} style={{ ...mailStyles.muted, ...mailStyles.writtenLink }}>
        {url}
      </Text>
    </>
  );
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML and plain-text bodies of one mail. Rendered with React's synchronous renderer rather than
 * react-email's `render`: that one streams through react-dom's AsyncLocalStorage, and on Node 20 the
 * first such run switches on promise hooks for every promise the server makes afterwards (a few per
 * cent of the events route's time). Our mails have no async components, so nothing is lost.
 */
export async function renderMail(element: ReactNode) {
  const markup = renderToStaticMarkup(element);
  return { html: `${DOCTYPE}${markup}`, text: toPlainText(markup) };
}
