/** The results as a Markdown table: readable on a terminal and pasted as-is into the README. */
import type { BenchRow } from './bench-row';

const HEADER = ['Measurement', 'Ours', 'Baseline', 'Ours / baseline', 'Target', 'Met'];

export function resultsTable(rows: BenchRow[]): string {
  const lines = rows.map((row) => [
    row.measurement,
    `${formatNumber(row.ours)} ${row.unit}`,
    row.baseline === undefined ? '' : `${formatNumber(row.baseline)} ${row.unit}`,
    row.ratio === undefined ? '' : `${formatNumber(row.ratio)}×`,
    row.target ?? '',
    row.met === undefined ? '' : row.met ? 'yes' : 'NO',
  ]);
  const widths = HEADER.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const render = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [render(HEADER), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render)].join('\n');
}

/** Three significant figures, no exponent, "n/a" for what could not be measured. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-GB');
  return String(Number(value.toPrecision(3)));
}
