import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { App } from './types';

/** `\u0000` in JSON text, behind an odd run of backslashes (an even run is escaped backslashes). */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/;

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

export const hasEscapedNul = (json: string) => json.includes('\\u0000') && ESCAPED_NUL.test(json);

/**
 * PostgreSQL cannot store U+0000 in text or jsonb: a name, a search or an address holding one failed
 * with a 500 at its first query. It is refused at the door instead, in the JSON body and in the
 * address, with one message and before anything is written.
 */
export function registerNulGuard(app: App) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (hasEscapedNul(body as string)) done(new AppError('BAD_REQUEST', MESSAGES.nulCharacter), undefined);
    else
      parseJson(request, body as string, (error, parsed) => {
        // Valid JSON refused all the same: a __proto__ or constructor.prototype key (prototype poisoning).
        if (error && isJson(body as string))
          done(new AppError('BAD_REQUEST', MESSAGES.prototypeKey), undefined);
        else done(error, parsed);
      });
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00')) throw new AppError('BAD_REQUEST', MESSAGES.nulCharacter);
  });
}
