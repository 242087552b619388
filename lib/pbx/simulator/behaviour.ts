/** How simulated people behave, in simulated seconds. Tuned to look like a busy small contact centre. */
export const BEHAVIOUR = {
  /** An agent's phone rings this long before it is answered or given up on. */
  ringSeconds: [3, 6] as const,
  agentAnswerProbability: 0.85,
  queueTalk: { medianSeconds: 180, sigma: 0.6 },
  talkSecondsBounds: [20, 1800] as const,
  /** Mean patience of a queued caller before abandoning, and its floor. */
  patienceMeanSeconds: 120,
  patienceMinSeconds: 15,
  transferProbability: 0.08,
  /** Share of the talk time after which a transfer happens. */
  transferAt: [0.3, 0.7] as const,
  /** Internal and outbound calls per company, per queue arrival rate unit. */
  internalCallsPerArrival: 0.3,
  outboundCallsPerArrival: 0.3,
  directRingSeconds: [4, 15] as const,
  internalAnswerProbability: 0.75,
  internalTalk: { medianSeconds: 60, sigma: 0.7 },
  outboundAnswerProbability: 0.65,
  outboundTalk: { medianSeconds: 150, sigma: 0.7 },
  /** Each queue member takes a break on average this often, for a while. */
  breakEverySeconds: 45 * 60,
  breakSeconds: [5 * 60, 15 * 60] as const,
  /** CDRs arrive "shortly after a call has terminated" (spec 6). */
  cdrDelaySeconds: [2, 5] as const,
};
