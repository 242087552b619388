/** The soak's verdict as Markdown tables: readable on a terminal and pasted as-is into the README. */
import type { Growth } from './growth';
import type { ScreenLiveness } from './liveness';

const MB = 1024 * 1024;

/** Series, after warm-up, at end, growth, pass; values in MB. */
export function growthTable(series: ReadonlyArray<{ name: string; growth: Growth }>): string {
  return markdownTable(
    ['Series', 'After warm-up', 'At end', 'Growth', 'Pass'],
    series.map(({ name, growth }) =>
      growth.judged
        ? [name, megabytes(growth.afterWarmUp), megabytes(growth.atEnd), percent(growth.growth), growth.pass ? 'yes' : 'NO']
        : [name, 'n/a', megabytes(growth.atEnd), 'n/a', 'not judged'],
    ),
  );
}

export function livenessTable(screens: readonly ScreenLiveness[]): string {
  return markdownTable(
    ['Screen', 'Live patches', 'Quiet intervals', 'Page errors', 'Live at end'],
    screens.map((screen) => [
      screen.name,
      screen.patches.toLocaleString('en-GB'),
      String(screen.quietIntervals),
      String(screen.pageErrors),
      screen.liveAtEnd ? 'yes' : 'NO',
    ]),
  );
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const render = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [render(header), render(widths.map((width) => '-'.repeat(width))), ...rows.map(render)].join('\n');
}

function megabytes(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / MB).toFixed(1)} MB` : 'n/a';
}

function percent(ratio: number): string {
  return `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`;
}
