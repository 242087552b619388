import type { Level } from '@/lib/ui/status';
import { LevelIcon } from './icons';
import { LEVEL_BADGE, LEVEL_LABEL } from './level-style';

/** The level as icon and word; nothing at normal unless `showNormal`. */
export function LevelBadge({ level, className = '', showNormal = false }: { level: Level; className?: string; showNormal?: boolean }) {
  if (level === 'normal' && !showNormal) return null;
  return (
    <span className={`inline-flex items-center gap-[0.3em] rounded-[0.3em] px-[0.45em] py-[0.1em] font-bold tracking-wide ${LEVEL_BADGE[level]} ${className}`}>
      <LevelIcon level={level} className="h-[1em] w-[1em]" />
      {LEVEL_LABEL[level]}
    </span>
  );
}
