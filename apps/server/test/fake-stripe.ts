import { randomBytes } from 'node:crypto';
import http from 'node:http';
import Stripe from 'stripe';
import { decodeStripeForm } from './form-decode';

/**
 * A local stand-in for api.stripe.com: the official `stripe` client talks to it over HTTP exactly as it
 * talks to Stripe (form-encoded requests, Bearer secret key, Stripe's JSON objects and error bodies), and
 * it emits webhook events signed the way Stripe signs them. Also serves a bare checkout page, so a browser
 * test can "pay" and be sent back with the subscription's webhook delivered.
 */

type Json = Record<string, unknown>;
export type FakeRequest = { method: string; path: string; params: Json; idempotencyKey?: string };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

export type FakeStripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where the fake delivers webhook events itself (browser tests); HTTP tests deliver through inject. */
  webhookUrl?: string;
  prices?: { id: string; unitAmount: number; currency: string; interval: string; productName: string }[];
};

export async function startFakeStripe(options: FakeStripeOptions) {
  const requests: FakeRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  let failNext: { status: number; type: string; message: string } | undefined;

  for (const p of options.prices ?? []) {
    const productId = id('prod');
    products.set(productId, {
      id: productId,
      object: 'product',
      active: true,
      name: p.productName,
      description: null,
      created: now(),
      livemode: false,
      metadata: {},
    });
    prices.set(p.id, {
      id: p.id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: p.currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: productId,
      recurring: { interval: p.interval, interval_count: 1, usage_type: 'licensed', meter: null },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    });
  }

  const stripeError = (status: number, type: string, message: string, extra: Json = {}) => ({
    status,
    body: { error: { type, message, ...extra } },
  });
  const missing = (kind: string, value: string, param: string) =>
    stripeError(404, 'invalid_request_error', `No such ${kind}: '${value}'`, {
      code: 'resource_missing',
      param,
    });

  function priceView(price: Json, expandProduct: boolean) {
    return expandProduct ? { ...price, product: products.get(price.product as string) } : price;
  }

  function route(method: string, path: string, params: Json): { status: number; body: Json } {
    const expand = ((params.expand as string[] | undefined) ?? []) as string[];
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        livemode: false,
        balance: 0,
        currency: null,
        default_source: null,
        delinquent: false,
        description: null,
        invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
        preferred_locales: [],
        tax_exempt: 'none',
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    let m = /^\/v1\/customers\/([\w]+)$/.exec(path);
    if (method === 'GET' && m) {
      const customer = customers.get(m[1]!);
      return customer ? { status: 200, body: customer } : missing('customer', m[1]!, 'id');
    }
    m = /^\/v1\/prices\/([\w]+)$/.exec(path);
    if (method === 'GET' && m) {
      const price = prices.get(m[1]!);
      return price
        ? { status: 200, body: priceView(price, expand.includes('product')) }
        : missing('price', m[1]!, 'id');
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = params.customer as string | undefined;
      if (customer && !customers.has(customer)) return missing('customer', customer, 'customer');
      const lineItems = (params.line_items as Json[] | undefined) ?? [];
      const priceId = lineItems[0]?.price as string | undefined;
      if (!priceId)
        return stripeError(400, 'invalid_request_error', 'Missing required param: line_items.', {
          param: 'line_items',
        });
      if (!prices.has(priceId)) return missing('price', priceId, 'line_items[0][price]');
      if (params.mode !== 'subscription' && params.mode !== 'payment' && params.mode !== 'setup')
        return stripeError(400, 'invalid_request_error', 'Invalid mode', { param: 'mode' });
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: params.mode,
        customer: customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        metadata: params.metadata ?? {},
        livemode: false,
        created: now(),
        expires_at: now() + 86_400,
        url: `${baseUrl}/c/pay/${sessionId}`,
        // Kept for completing the checkout; Stripe keeps these server-side as well.
        _price: priceId,
        _subscriptionMetadata: (params.subscription_data as Json | undefined)?.metadata ?? {},
      };
      sessions.set(sessionId, session);
      return { status: 200, body: publicSession(session) };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = params.customer as string | undefined;
      if (!customer)
        return stripeError(400, 'invalid_request_error', 'Missing required param: customer.', {
          param: 'customer',
        });
      if (!customers.has(customer)) return missing('customer', customer, 'customer');
      const sessionId = id('bps');
      return {
        status: 200,
        body: {
          id: sessionId,
          object: 'billing_portal.session',
          configuration: id('bpc'),
          created: now(),
          customer,
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: params.return_url ?? null,
          url: `${baseUrl}/p/session/${sessionId}`,
        },
      };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const publicSession = (session: Json) =>
    Object.fromEntries(Object.entries(session).filter(([k]) => !k.startsWith('_')));

  function subscriptionObject(customer: string, priceId: string, metadata: Json, status = 'active'): Json {
    const subId = id('sub');
    const start = now();
    const price = prices.get(priceId)!;
    return {
      id: subId,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: price.currency,
      customer,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: start + 30 * 86_400,
            metadata: {},
            price,
            quantity: 1,
            subscription: subId,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      latest_invoice: id('in'),
      livemode: false,
      metadata,
      start_date: start,
      status,
      trial_end: null,
      trial_start: null,
    };
  }

  /** A Stripe Event object around `object`. */
  function event(type: string, object: Json, created = now()): Json {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: id('req'), idempotency_key: null },
      type,
    };
  }

  /** The body and headers Stripe would POST for `evt`, signed with the webhook secret (or another one). */
  function signed(evt: Json, secret = options.webhookSecret, timestamp?: number) {
    const payload = JSON.stringify(evt, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp ? { timestamp } : {}),
    });
    return {
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    };
  }

  async function deliver(evt: Json) {
    if (!options.webhookUrl) throw new Error('No webhookUrl to deliver to');
    const { payload, headers } = signed(evt);
    const response = await fetch(options.webhookUrl, { method: 'POST', headers, body: payload });
    return response.status;
  }

  /** Pays a checkout session: creates the active subscription and answers its `created` event. */
  function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    const sub = subscriptionObject(
      session.customer as string,
      session._price as string,
      session._subscriptionMetadata as Json,
    );
    subscriptions.set(sub.id as string, sub);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
    return { subscription: sub, event: event('customer.subscription.created', sub) };
  }

  function changeSubscription(subId: string, changes: Json, type = 'customer.subscription.updated') {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`No subscription ${subId}`);
    Object.assign(sub, changes);
    return event(type, structuredClone(sub));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, body: Json | string, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type, 'request-id': id('req') });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };

      // The browser side of Checkout: a page with a Pay button, as a stand-in for checkout.stripe.com.
      const pay = /^\/c\/pay\/(\w+)$/.exec(url.pathname);
      if (pay) {
        const session = sessions.get(pay[1]!);
        if (!session) return send(404, '<h1>This checkout session does not exist</h1>', 'text/html');
        if (req.method === 'POST') {
          const { event: created } = completeCheckout(pay[1]!);
          await deliver(created);
          res.writeHead(303, { location: session.success_url as string });
          return res.end();
        }
        return send(
          200,
          `<!doctype html><title>Fake Stripe Checkout</title><h1>Subscribe to Professional</h1>
           <form method="post"><button type="submit">Pay and subscribe</button></form>
           <a href="${session.cancel_url}">Back</a>`,
          'text/html',
        );
      }
      if (/^\/p\/session\/\w+$/.test(url.pathname))
        return send(200, '<h1>Fake billing portal</h1>', 'text/html');

      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        return send(401, {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`,
          },
        });
      }
      const form = new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString());
      const params = decodeStripeForm(form);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey });
      if (failNext) {
        const failure = failNext;
        failNext = undefined;
        return send(failure.status, { error: { type: failure.type, message: failure.message } });
      }
      const cacheKey = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : undefined;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) return send(cached.status, cached.body);
      const answer = route(req.method ?? 'GET', url.pathname, params);
      if (cacheKey) idempotent.set(cacheKey, answer);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    baseUrl,
    requests,
    customers,
    sessions,
    subscriptions,
    event,
    signed,
    deliver,
    completeCheckout,
    changeSubscription,
    /** The next API call answers with this Stripe error. */
    failNextWith(status: number, type: string, message: string) {
      failNext = { status, type, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
