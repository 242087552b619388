/** Why the simulator refused a requested move (the sandbox maps these to API errors). */
type SimulatorErrorCode = 'unknown_company' | 'unknown_call' | 'unknown_queue' | 'unknown_user' | 'invalid_state' | 'user_busy';

export class SimulatorError extends Error {
  constructor(
    readonly code: SimulatorErrorCode,
    message: string,
  ) {
    super(message);
  }
}
