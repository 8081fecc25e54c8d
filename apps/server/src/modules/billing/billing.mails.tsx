import { Button, Text } from '@react-email/components';
import { LinkToPaste, MailLayout, mailClass, mailStyles, renderMail } from '../../infra/mail/layout';

/** To each administrator: a presenter asks for Professional on a server without billing. */
export function planRequestMail(options: { name: string; email: string; url: string }) {
  const { name, email, url } = options;
  const subject = `${name} asks for the Professional plan`;
  return renderMail(
    <MailLayout preview={`${name} (${email}) asks for Professional.`}>
      <Text className={mailClass.text} style={mailStyles.text}>
        Hello,
      </Text>
      <Text className={mailClass.text} style={mailStyles.text}>
        {name} ({email}) asks for the Professional plan on Screenroom. Billing is not set up on this server,
        so only an administrator can grant it.
      </Text>
      <Button href={url} className={mailClass.button} style={mailStyles.button}>
        Open Presenters
      </Button>
      <LinkToPaste url={url} />
    </MailLayout>,
  ).then((body) => ({ subject, ...body }));
}

/** To the presenter: an administrator granted or removed their Professional plan. */
export function planChangedMail(options: { name: string; granted: boolean; url: string }) {
  const { name, granted, url } = options;
  const subject = granted ? 'You now have the Professional plan' : 'Your Professional plan was removed';
  return renderMail(
    <MailLayout preview={subject}>
      <Text className={mailClass.text} style={mailStyles.text}>
        Hello {name},
      </Text>
      <Text className={mailClass.text} style={mailStyles.text}>
        {granted
          ? 'An administrator of Screenroom gave you the Professional plan: more screeners, and watermarks that name every viewer on screen.'
          : 'An administrator of Screenroom removed your Professional plan. Your screeners and links stay as they are; watermarks no longer show.'}
      </Text>
      <Button href={url} className={mailClass.button} style={mailStyles.button}>
        See your plan
      </Button>
    </MailLayout>,
  ).then((body) => ({ subject, ...body }));
}
