'use server';
/**
 * The supervisor's display management, as server actions. Each checks the
 * session itself (an action is a public POST endpoint), parses its input with
 * zod and answers `{ data } | { error }` so the form can say what went wrong.
 */
import { z } from 'zod';
import {
  AuthError,
  authLogger,
  configureDisplay,
  createDisplayLink,
  DisplayConfigSchema,
  displayDeps,
  type DisplaySummary,
  errorBody,
  getViewer,
  pairDisplay,
  reloadDisplay,
  revokeDisplay,
  summarizeDisplay,
} from '@/lib/auth';

type ActionResult<T> = { data: T } | ReturnType<typeof errorBody>;

const DisplayId = z.string().min(1).max(100);
const PairInput = z.object({ code: z.string().max(20), config: DisplayConfigSchema });
const LinkInput = z.object({ config: DisplayConfigSchema });
const ConfigureInput = z.object({ id: DisplayId, config: DisplayConfigSchema });
const DisplayInput = z.object({ id: DisplayId });

export async function pairDisplayAction(input: z.input<typeof PairInput>): Promise<ActionResult<DisplaySummary>> {
  return asSupervisor(PairInput, input, async (pairing) => summarizeDisplay(await pairDisplay(pairing, displayDeps())));
}

export async function createDisplayLinkAction(
  input: z.input<typeof LinkInput>,
): Promise<ActionResult<{ display: DisplaySummary; link: string }>> {
  return asSupervisor(LinkInput, input, ({ config }) => createDisplayLink(config, displayDeps()));
}

export async function configureDisplayAction(input: z.input<typeof ConfigureInput>): Promise<ActionResult<DisplaySummary>> {
  return asSupervisor(ConfigureInput, input, ({ id, config }) => configureDisplay(id, config, displayDeps()));
}

export async function reloadDisplayAction(input: z.input<typeof DisplayInput>): Promise<ActionResult<null>> {
  return asSupervisor(DisplayInput, input, async ({ id }) => {
    await reloadDisplay(id, displayDeps());
    return null;
  });
}

export async function revokeDisplayAction(input: z.input<typeof DisplayInput>): Promise<ActionResult<null>> {
  return asSupervisor(DisplayInput, input, async ({ id }) => {
    await revokeDisplay(id, displayDeps());
    return null;
  });
}

async function asSupervisor<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  run: (input: z.output<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  try {
    const viewer = await getViewer();
    if (!viewer) throw new AuthError('unauthorized', 'Your session has ended. Sign in again.');
    if (viewer.role !== 'supervisor') throw new AuthError('forbidden', 'Only supervisors manage displays.');
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw new AuthError('invalid_input', parsed.error.issues.map((issue) => issue.message).join('; '));
    return { data: await run(parsed.data) };
  } catch (error) {
    if (!(error instanceof AuthError)) authLogger.error({ err: error }, 'display action failed');
    return errorBody(error);
  }
}
