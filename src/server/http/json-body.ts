import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * How deep arrays and objects may nest in a JSON body. No request of ours comes near it (a print
 * template or an itinerary is four levels); far deeper ones (issue 28: 5,000 levels in 200 bytes)
 * overflow the stack of whatever walks them after parsing (JSON.stringify, the text check of the
 * validator) and answered 500.
 */
export const JSON_MAX_DEPTH = 32;

/** Whether `text` nests arrays and objects deeper than `max` (brackets inside strings don't count). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      // a backslash escapes the character after it
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      if (++depth > max) return true;
    } else if (c === '}' || c === ']') {
      depth--;
    }
  }
  return false;
}

/**
 * The app's JSON body parser: Fastify's own (secure-json-parse with the app's prototype-poisoning
 * options, its errors for empty and broken bodies), after a depth check on the text, so every
 * route, the ones that read their body before a schema too, gets a body it can walk; deeper is 400.
 * Register before any plugin that adds routes: child contexts copy the parsers they inherit.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonNestsDeeperThan(body as string, JSON_MAX_DEPTH)) {
      done(new AppError(400, 'jsonTooDeep', { params: { max: JSON_MAX_DEPTH } }), undefined);
      return;
    }
    parse(req, body as string, done);
  });
}
