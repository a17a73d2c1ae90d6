import { TERM_DEFINITIONS } from './dictionary-data.js';
import { EXTRA_TERMS } from './aliases.js';

// Every dictionary term as an own property, in one fixed order, absent ones undefined.
// Built by keyed stores this template is a dictionary-mode object; a spread of it is a
// fast object whose hidden class is the same for every copy.
const TEMPLATE: Record<string, unknown> = {};
for (const term of [...Object.keys(TERM_DEFINITIONS), ...Object.keys(EXTRA_TERMS)]) TEMPLATE[term] = undefined;

/**
 * The parsed terms in the one shape all parsed terms share. Terms objects built key by
 * key in each input's own order would each get their own hidden class, and every term
 * read in the engine's shared code (hundreds per contract) would then be a megamorphic
 * property lookup; with one shape those reads stay monomorphic. Absent terms read as
 * `undefined` exactly as before; only `in` and `Object.keys` see the difference.
 */
export function withCanonicalShape(terms: Record<string, unknown>): Record<string, unknown> {
  const out = { ...TEMPLATE };
  for (const key in terms) out[key] = terms[key];
  return out;
}
