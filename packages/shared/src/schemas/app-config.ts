import { z } from 'zod';

/** What the browser needs to know about this server's configuration: only public keys, never secrets. */
export const appConfigResponse = z
  .object({
    billing: z.object({ enabled: z.boolean() }),
    captcha: z.object({ site_key: z.string(), version: z.literal('v2') }).nullable(),
    posthog: z.object({ key: z.string(), host: z.url() }).nullable(),
    sentry: z.object({ dsn: z.string(), environment: z.string() }).nullable(),
  })
  .meta({ id: 'AppConfig' });
export type AppConfig = z.infer<typeof appConfigResponse>;
