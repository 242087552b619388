/** The display form's state and its check, shared by pairing, links and editing. Pure. */
import type { DisplayConfig, WallView } from '@/lib/realtime/events';

export interface DisplayForm {
  name: string;
  queuesMode: 'all' | 'some';
  queues: string[];
  views: WallView[];
  rotateSeconds: string;
}

export const NEW_DISPLAY_FORM: DisplayForm = { name: '', queuesMode: 'all', queues: [], views: ['queues'], rotateSeconds: '30' };

export function formFromConfig(config: DisplayConfig): DisplayForm {
  return {
    name: config.name,
    queuesMode: config.queues === 'all' ? 'all' : 'some',
    queues: config.queues === 'all' ? [] : config.queues,
    views: config.views,
    rotateSeconds: String(config.rotateSeconds),
  };
}

const VIEW_ORDER: WallView[] = ['queues', 'queue', 'agents'];

/** The config to send, or the first thing a person must fix (the server checks again with zod). */
export function configFromForm(form: DisplayForm): { config: DisplayConfig } | { problem: string } {
  const name = form.name.trim();
  if (!name) return { problem: 'Give the display a name, such as “Sales floor”.' };
  if (name.length > 60) return { problem: 'Keep the name under 60 characters.' };
  const queues = [...new Set(form.queues.map((queue) => queue.trim()).filter(Boolean))];
  if (form.queuesMode === 'some' && queues.length === 0) return { problem: 'Pick at least one queue, or show all queues.' };
  const views = VIEW_ORDER.filter((view) => form.views.includes(view));
  if (views.length === 0) return { problem: 'Pick at least one view.' };
  const rotateSeconds = Number(form.rotateSeconds);
  if (!Number.isInteger(rotateSeconds) || rotateSeconds < 5 || rotateSeconds > 3600) {
    return { problem: 'Rotation must be a whole number of seconds from 5 to 3600.' };
  }
  return { config: { name, queues: form.queuesMode === 'all' ? 'all' : queues, views, rotateSeconds } };
}
