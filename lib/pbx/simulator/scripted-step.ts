/** One step of a scripted call, as the sandbox asks for it. */
import { answerCall, endCall, offerCall, ringNoAnswer, transferCall, type ActionContext } from './call-actions';
import type { Call } from './call-model';
import { SimulatorError } from './errors';

export type CallStep =
  | { action: 'ring'; extension?: string }
  | { action: 'answer' | 'noanswer' | 'hangup' | 'abandon' }
  | { action: 'transfer'; extension: string };

/** `pickAgent` chooses whom to ring when the step names nobody. */
export function applyStep(ctx: ActionContext, call: Call, step: CallStep, pickAgent: () => string | undefined): void {
  switch (step.action) {
    case 'ring': {
      const extension = step.extension ?? (call.phase === 'queued' ? pickAgent() : undefined);
      if (extension === undefined) throw new SimulatorError('invalid_state', `No free agent to ring for call ${call.callId}.`);
      return offerCall(ctx, call, extension);
    }
    case 'answer':
      return answerCall(ctx, call);
    case 'noanswer':
      return ringNoAnswer(ctx, call);
    case 'abandon':
      if (call.phase !== 'queued' && call.phase !== 'offering') {
        throw new SimulatorError('invalid_state', `Call ${call.callId} is ${call.phase}; only a waiting caller can abandon.`);
      }
      return endCall(ctx, call);
    case 'hangup':
      return endCall(ctx, call);
    case 'transfer':
      return transferCall(ctx, call, step.extension);
  }
}
