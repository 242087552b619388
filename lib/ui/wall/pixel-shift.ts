/**
 * Burn-in protection for screens that show the same layout for weeks: the
 * whole board moves a few pixels every few minutes, around a small square,
 * too slowly for anyone to notice. Derived from the time, so it needs no state.
 */
const STEP_MS = 3 * 60_000;
const OFFSETS: ReadonlyArray<{ x: number; y: number }> = [
  { x: 0, y: 0 },
  { x: 3, y: 0 },
  { x: 3, y: 3 },
  { x: 0, y: 3 },
  { x: -3, y: 3 },
  { x: -3, y: 0 },
  { x: -3, y: -3 },
  { x: 0, y: -3 },
  { x: 3, y: -3 },
];

export function pixelShiftAt(epochMs: number): { x: number; y: number } {
  const step = Math.floor(epochMs / STEP_MS) % OFFSETS.length;
  return OFFSETS[step] ?? { x: 0, y: 0 };
}
