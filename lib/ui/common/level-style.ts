import type { Level } from '@/lib/ui/status';

/**
 * Colours and words for threshold levels. Colour is never the only signal:
 * every level above normal also has an icon shape and a word.
 */
export const LEVEL_LABEL: Record<Level, string> = { normal: 'OK', amber: 'HIGH', red: 'CRITICAL' };

/** Text colour for a figure at this level, on the dark theme (WCAG AA against slate-900 and the tinted tiles). */
export const LEVEL_TEXT: Record<Level, string> = {
  normal: 'text-slate-50',
  amber: 'text-amber-300',
  red: 'text-red-300',
};

export const LEVEL_SURFACE: Record<Level, string> = {
  normal: 'bg-slate-900 border-slate-700',
  amber: 'bg-amber-950 border-amber-400',
  red: 'bg-red-950 border-red-500',
};

export const LEVEL_BADGE: Record<Level, string> = {
  normal: 'bg-emerald-900 text-emerald-100',
  amber: 'bg-amber-400 text-slate-950',
  red: 'bg-red-600 text-white',
};
