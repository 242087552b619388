/**
 * Font sizes on the wall follow the space they have, never the pixel count of
 * a particular TV: tiles are CSS size containers and define `--u` from their
 * own height and width; the header and the totals scale with the viewport.
 */
import type { CSSProperties } from 'react';

/** One unit of a tile: a hundredth of its height, unless the tile is too narrow for that. */
export const TILE_UNIT: CSSProperties = { ['--u' as string]: 'min(1cqh, 0.55cqw)' };

export function units(count: number): string {
  return `calc(var(--u) * ${count})`;
}

/**
 * A font size that fits `text` on one line within `widthCqw` of its container
 * (digits and colons are about 0.6em wide in tabular figures), but never
 * larger than `largest`: "7" stays big, "1:02:33" shrinks instead of clipping.
 */
export function fitText(text: string, largest: string, widthCqw: number): string {
  return `min(${largest}, ${(widthCqw / (Math.max(1, text.length) * 0.62)).toFixed(2)}cqw)`;
}
