/**
 * The fields of a partial update that may change, without those left undefined:
 * `{ revokedAt: undefined }` means "not changing", as it does to drizzle's `set`.
 */
export function changedFields<T extends object>(change: Partial<T>, updatable: ReadonlyArray<keyof T>): Partial<T> {
  const fields: Partial<T> = {};
  for (const field of updatable) {
    if (change[field] !== undefined) fields[field] = change[field];
  }
  return fields;
}
