// Helpers shared by the operations of every resource: parameter readers, locators, the item loop.
export { perExecution, perExecutionAndKey, RecentlyUsed } from './cache';
export { singleFlight } from './singleFlight';
export type { SingleFlight } from './singleFlight';
export { toFieldType } from './customFieldValue';
export { mapWithConcurrency } from './concurrency';
export { pause } from './pause';
export { errorsAsShown, runsAsTool, withoutItemNumbers } from './errorsShown';
export { shown, withoutApiKey } from './redact';
export {
	invalidInput,
	isCalendarDay,
	isPhoneWithCountryCode,
	listEntries,
	MAX_PATH_VALUE_LENGTH,
	readBoolean,
	readChoices,
	readDate,
	readEmail,
	readJsonObject,
	readList,
	readName,
	readNumber,
	readOption,
	readPathValue,
	readPhoneNumber,
	readText,
	refuseControlCharacters,
	requireHttpUrl,
	requireLength,
	requireOneOf,
	requireUuid,
	UUID_PATTERN,
} from './input';
export type { NodeContext } from './input';
export { readKeyValues } from './keyValues';
export { readLocalDateTime, readTimezone } from './times';
export { formatProblem, isUuid } from './formats';
export type { ValueFormat } from './formats';
export { alsoAccepting, openList, runItemChecks } from './optionLists';
export type { KeyValueShape } from './keyValues';
export { readLocatorId, uuidLocator } from './locator';
export { failedItem, handleItemErrors, itemErrors, ItemWithBinary, READ_CONCURRENCY, runPerItem, withItemIndex } from './runPerItem';
export type { ItemErrors } from './runPerItem';
export { deriveUpdateFields, readUpdateFields, requireFieldsToUpdate } from './updateFields';
export { filtersCollection, optionsCollection, optionValues, updateFieldsCollection } from './properties';
