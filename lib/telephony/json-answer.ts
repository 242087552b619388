import type { z } from 'zod';
import { summariseIssues, TelephonyError } from './errors';
import type { HttpAnswer } from './send-request';

/** A successful answer's body through its schema; anything unreadable is a bad_response naming the first problems. */
export function parseAnswer<S extends z.ZodType>(what: string, answer: HttpAnswer, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    throw new TelephonyError('bad_response', `${what}: answer is not JSON`, { status: answer.status });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new TelephonyError('bad_response', `${what}: unexpected answer (${summariseIssues(parsed.error).join('; ')})`, {
      status: answer.status,
    });
  }
  return parsed.data;
}

/** Spec 4.3 shows 201 for a read; the real service answers 200, 201 or 202 on success. */
export function isSuccess(status: number): boolean {
  return status === 200 || status === 201 || status === 202;
}
