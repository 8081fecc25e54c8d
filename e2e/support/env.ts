import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the app under test runs and where its caught mail goes; the same in the runner and the workers. */
const port = Number(process.env.E2E_PORT ?? 3179);
export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2579),
  pgPort: Number(process.env.E2E_PG_PORT ?? 55179),
  workDir: path.join(tmpdir(), `screenroom-e2e-${port}`),
  get mailFile() {
    return path.join(this.workDir, 'mails.jsonl');
  },
  adminEmail: 'admin@screenroom.test',
  stripe: {
    secretKey: 'sk_test_e2eFakeStripeSecretKey0000000000',
    webhookSecret: 'whsec_e2eFakeStripeWebhookSecret000000',
    price: 'price_e2e_professional',
  },
};
