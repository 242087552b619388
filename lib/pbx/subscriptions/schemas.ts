/** The body of POST /api/subscriptions/ (spec 4.4). */
import { z } from 'zod';

export type EventType = 'calls' | 'cdrs';

const NumericString = z.string().regex(/^\d+$/, 'must be an integer number of seconds').transform(Number);

export function createSubscriptionBody(limits: { defaultSeconds: number; maxSeconds: number }) {
  return z.object({
    post_uri: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }),
    // Absent: the configured default lifetime (README decision); the spec lists it as required.
    expires_in: z
      .union([z.int(), NumericString], 'must be an integer number of seconds')
      .pipe(z.number().min(1, 'must be at least 1 second').max(limits.maxSeconds, `must be at most ${limits.maxSeconds} seconds`))
      .default(limits.defaultSeconds),
    calls: z.boolean('must be a boolean').optional(),
    cdrs: z.boolean('must be a boolean').optional(),
    user: z.union([z.string().min(1), z.array(z.string().min(1)).min(1, 'must list at least one user')], 'must be a user or a list of users').optional(),
  });
}

export type CreateSubscriptionBody = z.infer<ReturnType<typeof createSubscriptionBody>>;

/** The first issue as `<field>: <message>`, naming what is wrong in the request body. */
export function describeIssue(error: z.ZodError, body: unknown): string {
  const issue = error.issues[0];
  if (!issue || issue.path.length === 0) return 'body: must be a JSON object';
  const [field] = issue.path;
  const present = typeof body === 'object' && body !== null && (body as Record<PropertyKey, unknown>)[field!] !== undefined;
  return `${issue.path.join('.')}: ${present || issue.code !== 'invalid_type' ? issue.message : 'is required'}`;
}
