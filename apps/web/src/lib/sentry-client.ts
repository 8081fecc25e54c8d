// The few Sentry functions the app uses, so the on-demand chunk leaves the rest (replay, feedback) out.
export { captureException, init, setUser } from '@sentry/react';
