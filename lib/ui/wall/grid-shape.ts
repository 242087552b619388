/**
 * Columns and rows for n tiles so the screen is filled without scrolling and
 * the tiles stay as large as possible: for each column count, the tile size
 * is limited by the width or the height, and the best count wins.
 */
export function gridShape(count: number, areaAspect: number, tileAspect: number): { columns: number; rows: number } {
  if (count <= 0) return { columns: 1, rows: 1 };
  let best = { columns: 1, rows: count, scale: 0 };
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.ceil(count / columns);
    // Area height is 1, width areaAspect; a tile of height h needs width h * tileAspect.
    const scale = Math.min(1 / rows, areaAspect / columns / tileAspect);
    if (scale > best.scale + 1e-9) best = { columns, rows, scale };
  }
  return { columns: best.columns, rows: best.rows };
}
