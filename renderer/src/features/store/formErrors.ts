import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Checks a form against the contract's schema before it is sent, as one message per field the buyer
 * can act on ("Fill in the email.") rather than the validator's wording.
 */
export function formErrors<K extends string>(
  schema: z.ZodType,
  values: Record<K, string>,
  labels: Record<K, string>,
): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in labels)) continue;
    const key = field as K;
    if (errors[key]) continue;
    errors[key] = values[key].trim() === '' ? `Fill in ${labels[key]}.` : readable(issue, labels[key]);
  }
  return errors;
}

// Zod's own wording ("Invalid email address") reads as jargon; the contract's hints read fine.
function readable(issue: z.core.$ZodIssue, label: string): string {
  return issue.code === 'invalid_format' && issue.message.startsWith('Invalid')
    ? `That is not a valid ${label}.`
    : issue.message;
}
