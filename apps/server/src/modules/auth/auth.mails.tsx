import { Button, Text } from '@react-email/components';
import { LOGIN_LINK_TTL_MINUTES, OTP_TTL_MINUTES } from '@screenroom/shared/constants';
import { LinkToPaste, MailLayout, mailClass, mailStyles, renderMail } from '../../infra/mail/layout';

export function otpMail(options: { code: string; purpose: 'login' | 'register'; name?: string | null }) {
  const { code, purpose, name } = options;
  const subject =
    purpose === 'register'
      ? `${code} is your Screenroom sign-up code`
      : `${code} is your Screenroom sign-in code`;
  return renderMail(
    <MailLayout preview={`Your code is ${code}. It works for ${OTP_TTL_MINUTES} minutes.`}>
      <Text className={mailClass.text} style={mailStyles.text}>
        {name ? `Hello ${name},` : 'Hello,'}
      </Text>
      <Text className={mailClass.text} style={mailStyles.text}>
        {purpose === 'register'
          ? 'Welcome to Screenroom. Enter this code to finish creating your account:'
          : 'Enter this code to sign in to Screenroom:'}
      </Text>
      <Text className={mailClass.code} style={mailStyles.code}>
        {code}
      </Text>
      <Text className={mailClass.muted} style={mailStyles.muted}>
        It works once, for {OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.
      </Text>
    </MailLayout>,
  ).then((body) => ({ subject, ...body }));
}

export function loginLinkMail(options: { url: string; name: string; byAdmin?: boolean }) {
  const subject = 'Your Screenroom sign-in link';
  return renderMail(
    <MailLayout preview="Sign in to Screenroom with one click.">
      <Text className={mailClass.text} style={mailStyles.text}>
        Hello {options.name},
      </Text>
      <Text className={mailClass.text} style={mailStyles.text}>
        {options.byAdmin
          ? 'An administrator of Screenroom sent you this link to sign in:'
          : 'Use this button to sign in to Screenroom:'}
      </Text>
      <Button href={options.url} className={mailClass.button} style={mailStyles.button}>
        Sign in
      </Button>
      <LinkToPaste url={options.url} />
      <Text className={mailClass.muted} style={mailStyles.muted}>
        The link works once, for {LOGIN_LINK_TTL_MINUTES} minutes.
        {options.byAdmin ? '' : ' If you did not ask for it, ignore this e-mail.'}
      </Text>
    </MailLayout>,
  ).then((body) => ({ subject, ...body }));
}
