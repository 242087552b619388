/** Phone numbers as a wall shows them: enough to tell callers apart, not to call them back. */
export function maskNumber(number: string | null): string | null {
  if (number === null) return null;
  const digits = number.replace(/\D/g, '');
  // A short number would be shown whole by its last three digits.
  return digits.length > 3 ? `•••• ${digits.slice(-3)}` : '••••';
}
