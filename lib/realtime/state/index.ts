/**
 * The live picture of a company's phones: deterministic reducers (no I/O, no
 * clock: time is passed in) that fold stats polls, call events and CDRs into one
 * mutable state, and the projections each audience receives.
 */
export { applyCallEvent } from './apply-call-event';
export { applyCdrs } from './apply-cdrs';
export { applyStats } from './apply-stats';
export { noteAgentName } from './agent-activity';
export { isEmptyChange, mergeAllChanges, type Change } from './change';
export { createLiveState } from './live-state';
export { extensionsConcerned, project, projectChange } from './projection';
export { tick } from './tick';
