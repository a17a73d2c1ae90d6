/**
 * V8 keeps a field that has only ever held numbers as a boxed double ("Double"
 * representation) once an object of the shape stored a fraction in it: every new object
 * of that shape then allocates a box per such field, also for the zeros and ones most
 * events carry. Storing a non-number once in each numeric field of a throwaway object
 * of the shape, when the module loads, makes those fields "Tagged" instead: small
 * integers are stored inline and a fraction is one immutable number shared by reference
 * (copying a state into an event moves references). Values and types seen by the
 * engine's code are unchanged. Measured effect is small (same-process A/B after the mixed
 * warm-up, 2026-11-24: 0.96-1.12x per type, 1.03-1.09x on the small contracts).
 */
export function generalizeNumberFields(sample: object): void {
  const fields = sample as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (typeof fields[key] === 'number') fields[key] = null;
}
