import { CDR_DATE_PATTERN } from './wire-time';

/**
 * The published CDR sample writes its dates unquoted
 * (`"start_time": Tue, 21 Nov 2026 10:00:00 +0000,`), which is not JSON. This
 * quotes exactly that: a value of that date form right after one of the CDR's
 * date keys, ending where a JSON value ends. Nothing else is changed, so a body
 * broken in any other way stays broken and is rejected.
 */
const UNQUOTED_CDR_DATE = new RegExp(
  `("(?:start_time|answer_time|end_time)"\\s*:\\s*)(${CDR_DATE_PATTERN})(?=\\s*[,}\\]])`,
  'g',
);

export function repairCdrJson(text: string): string {
  return text.replace(UNQUOTED_CDR_DATE, '$1"$2"');
}
