// What the polling triggers share: the node's frame, the position in Helena's stream of changes, and one check of it.
export type { Change, ChangeField } from './changeCursor';
export { MAX_KNOWN, instantOf } from './changeCursor';
export type { ChangeSource, PageQuery } from './changeListing';
export { AFTER_QUERY, timeListing } from './changeListing';
export { readFilterId } from './pollParameters';
export type { PollingTrigger, TriggerParameters, Watch } from './pollingTrigger';
export { pollTrigger } from './pollingTrigger';
export { pollingTriggerDescription } from './triggerDescription';
