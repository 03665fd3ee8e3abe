// What the polling triggers share: the position in Helena's stream of changes, and one check of it.
export type { Change, ChangeField } from './changeCursor';
export { MAX_KNOWN, instantOf } from './changeCursor';
export type { ChangeSource, PageQuery } from './changeListing';
export { AFTER_QUERY, latestRecords, timePageQuery } from './changeListing';
export type { ChangeStream, PolledChanges } from './pollChanges';
export { pollChanges } from './pollChanges';
export { readStartFrom } from './startFrom';
export { chosenEvent, readEvents, readFilterId, startFromField } from './pollParameters';
export { pollingTriggerFrame, triggerOnField } from './triggerDescription';
export type { EventReport } from './pollEvents';
export { pollEvents } from './pollEvents';
