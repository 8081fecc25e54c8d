import { type Mutation, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent: true` keeps an error out of the toast (the screen shows it another way). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/**
 * What a toast says: the server's message, without the field path it starts with for API clients
 * ("geo_restriction.countries: Choose at least one country…"), which means nothing to a person.
 */
export function messageOf(error: unknown) {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const field = error.errors[0]?.field;
  return field && error.message.startsWith(`${field}: `)
    ? error.message.slice(field.length + 2)
    : error.message;
}

/** The server refused the request and said why (not a failure of the server or the network). */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** An API error as a toast with the server's own message. */
export const notifyApiError = (error: unknown) => notifyError(messageOf(error), isRefusal(error));

/**
 * Whether a mutation still has a screen to show its refusal: a component using it is mounted. A dialog
 * closed (or a page left) while its form was sending takes its error display with it.
 */
function trackScreens(cache: MutationCache) {
  const screens = new WeakMap<Mutation<unknown, unknown, unknown, unknown>, number>();
  cache.subscribe((event) => {
    if (event.type !== 'observerAdded' && event.type !== 'observerRemoved') return;
    const count = screens.get(event.mutation) ?? 0;
    screens.set(event.mutation, count + (event.type === 'observerAdded' ? 1 : -1));
  });
  return (mutation: Mutation<unknown, unknown, unknown, unknown>) => (screens.get(mutation) ?? 0) > 0;
}

/**
 * Every API error reaches the presenter as a toast, unless its query or mutation is `silent`, or it is a
 * failed refresh of data already on screen. A silent mutation's refusal is a toast all the same once
 * nothing on screen can show it (its form unmounted while it sent), unless the mutation says it itself
 * (its own `onError`).
 */
export function createQueryClient() {
  const mutationCache: MutationCache = new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      const shownNowhere = !onScreen(mutation) && !mutation.options.onError;
      if (!mutation.meta?.silent || shownNowhere) notifyApiError(error);
    },
  });
  const onScreen = trackScreens(mutationCache);
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A refresh (in the background, polled, or after a change) that fails leaves the last known data
        // on screen, still the last known: said as a toast it would repeat every poll. Try again, pressed
        // by the person, is only offered where nothing loaded, and that failure state says it.
        const refreshOfShownData = query.state.data !== undefined;
        if (!query.meta?.silent && !refreshOfShownData) notifyApiError(error);
      },
    }),
    mutationCache,
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/**
 * Runs `then` once a mutation succeeds, even if the component that started it has unmounted by then.
 * `mutate(v, { onSuccess })` silently skips its callback in that case, and a mutation's own data change
 * often unmounts its caller (a revoked account's card, a disabled link's panel), so under load the
 * presenter lost the toast. A failure is already a toast (the MutationCache above).
 */
export function whenDone<T>(mutation: Promise<T>, then: (result: T) => void) {
  mutation.then(then, () => {});
}
