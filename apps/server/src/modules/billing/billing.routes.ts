import { apiErrorSchema } from '@screenroom/shared/errors';
import {
  createCheckoutBody,
  planRequestResponse,
  plansResponse,
  redirectUrlResponse,
  stripeProductResponse,
  stripeWebhookHeaders,
} from '@screenroom/shared/schemas/billing';
import { z } from 'zod';
import { currentPresenter, type Guards } from '../../http/auth-guard';
import { secured } from '../../http/openapi';
import type { App } from '../../http/types';
import { originOf } from '../logs/logs.service';
import type { BillingService } from './billing.service';

type Deps = { billing: BillingService; guards: Guards };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};

export async function billingRoutes(app: App, { billing, guards }: Deps) {
  const tags = ['Plans and billing'];

  app.get('/presenters/fetchStripeProduct', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'Your plan (stripeProduct): rule_set, how it is held, its limits and your use of them',
      security: secured,
      response: { 200: stripeProductResponse, ...errors },
    },
    handler: async (req) => ({ stripeProduct: await billing.productOf(currentPresenter(req)) }),
  });

  app.get('/billing/plans', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'The plans side by side, with the Professional price from Stripe when billing is set up',
      security: secured,
      response: { 200: plansResponse, ...errors },
    },
    handler: () => billing.catalogue(),
  });

  app.post('/presenters/createStripeCheckoutSession', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: 'Open a Stripe Checkout page to subscribe to Professional; answers its URL',
      description:
        'A body other than `{ "rule_set": "PROFESSIONAL" }` is a 400, whether or not billing is set up; ' +
        'a 503 says billing is not set up, or that Stripe did not answer.',
      security: secured,
      body: createCheckoutBody,
      response: { 200: redirectUrlResponse, ...errors },
    },
    handler: (req) => billing.createCheckoutSession(currentPresenter(req), originOf(req)),
  });

  app.post('/billing/requestProfessional', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary:
        'Without billing: ask the administrators for Professional (each is mailed; again within a day mails no one)',
      security: secured,
      response: { 200: planRequestResponse, ...errors },
    },
    handler: (req) => billing.requestProfessional(currentPresenter(req)),
  });

  app.get('/presenters/fetchStripePortalSessionUrl', {
    onRequest: guards.requirePresenter,
    schema: {
      tags,
      summary: "Open Stripe's billing portal (invoices, card, cancellation); answers its URL",
      security: secured,
      response: { 200: redirectUrlResponse, ...errors },
    },
    handler: (req) => billing.createPortalSession(currentPresenter(req), originOf(req)),
  });

  // Stripe signs the exact bytes it sends, so this route keeps the body raw (its own JSON parser).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    (scope as App).post('/billing/webhook', {
      schema: {
        tags,
        summary:
          "Stripe's webhook: subscription created, updated and deleted (signed with STRIPE_WEBHOOK_SECRET)",
        description:
          'The body is the Stripe event exactly as Stripe sent it; a missing or wrong `Stripe-Signature` is a 400. ' +
          'An event delivered twice is applied once. While billing is not set up, a signed request is a 503 ' +
          '(its signature cannot be checked); a request without a signature is still a 400.',
        headers: stripeWebhookHeaders,
        response: {
          200: z.object({ received: z.literal(true), applied: z.boolean() }),
          ...errors,
        },
      },
      handler: (req) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return billing.handleWebhook(body, req.headers['stripe-signature'], originOf(req));
      },
    });
  });
}
