import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { shown } from './redact';
import { emailProblem, indexOfCode, isControlCode, isUuid, offsetProblem, unicodeName, uriProblem } from './formats';

/* Readers of parameter and item values: each checks one kind of value before any request is sent. */

/** What a reader needs from n8n: the node, to name it in the error (an action, a trigger hook or a webhook call). */
export interface NodeContext {
	getNode(): INode;
}

/** The UUID rule for the `id` mode of resource locators; surrounding spaces are trimmed, as `requireUuid` does. */
export const UUID_PATTERN = '^\\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\s*$';

/** A NodeOperationError that names the field and the item, raised before any request is sent. */
export function invalidInput(
	context: NodeContext,
	field: string,
	problem: string,
	itemIndex: number,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${field} ${problem} (item ${itemIndex})`, {
		itemIndex,
		description,
	});
}

/** A UUID, trimmed: an ID pasted with surrounding spaces is the same ID. */
export function requireUuid(context: NodeContext, value: unknown, field: string, itemIndex: number): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!isUuid(text)) {
		const given = typeof value === 'string' || value === undefined || value === null ? `"${String(value ?? '')}"` : kindOf(value);
		throw invalidInput(context, field, `must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not ${given}`, itemIndex);
	}
	return text;
}

/** A value the API accepts only from a fixed set (see `readOption`). */
export function requireOneOf<T extends string>(
	context: NodeContext,
	value: unknown,
	allowed: readonly T[],
	field: string,
	itemIndex: number,
): T {
	return readOption(context, value, allowed, field, itemIndex);
}

export function requireLength(
	context: NodeContext,
	value: string,
	field: string,
	{ min, max }: { min: number; max: number },
	itemIndex: number,
): string {
	if (value.length < min || value.length > max) {
		throw invalidInput(context, field, `must be ${min} to ${max} characters long; it has ${value.length}`, itemIndex);
	}
	return value;
}

/** Control characters (C0, DEL, C1) and Unicode line breaks: a URL parser drops them, the request would carry them. */
const isUrlControl = (code: number) => isControlCode(code) || code === 0x2028 || code === 0x2029;

/** Text that goes out as an address: a control character or line break in it is refused, naming where. */
export function refuseControlCharacters(context: NodeContext, text: string, field: string, itemIndex: number): string {
	const index = indexOfCode(text, isUrlControl);
	if (index >= 0) {
		const code = unicodeName(text.charCodeAt(index));
		throw invalidInput(
			context,
			field,
			`contains a control character or line break (${code}) at position ${index + 1}; remove it`,
			itemIndex,
		);
	}
	return text;
}

/**
 * An http(s) URL, checked as it is sent: surrounding spaces are trimmed first (the trimmed text is what
 * is returned and sent); control characters, line breaks and spaces inside are refused, since the URL
 * parser would drop or encode them while the request carries them as they are.
 */
export function requireHttpUrl(context: NodeContext, value: string, field: string, itemIndex: number): string {
	const url = refuseControlCharacters(context, value.trim(), field, itemIndex);
	const problem = uriProblem(url);
	if (problem) throw invalidInput(context, field, problem, itemIndex);
	return url;
}

/** An e-mail address, trimmed (see `emailProblem`); `null` when empty, which clears the field. */
export function readEmail(context: NodeContext, value: unknown, label: string, itemIndex: number): string | null {
	const text = (readText(context, value, label, itemIndex) ?? '').trim();
	if (text === '') return null;
	const problem = emailProblem(text);
	if (problem)
		throw invalidInput(context, label, `is not an e-mail address such as name@example.com: it ${problem} (${shown(text)})`, itemIndex);
	return text;
}

// spaces as people type them, never a tab or a line break (a control character in a path or a body)
const PHONE = /^\+?[\d \u00a0().|-]{8,25}$/;

/** A phone number with its country code (10 to 15 digits), as Helena stores it or as digits: a send's recipient, a list's entry. */
export function isPhoneWithCountryCode(phone: string): boolean {
	const digits = phone.replace(/\D/g, '').length;
	return PHONE.test(phone) && digits >= 10 && digits <= 15;
}

/**
 * A phone number with its country code, trimmed: the one reader of every phone field and picker mode (a send's
 * recipient, a contact's number, the contact picker's Phone mode), whether typed, mapped or given by a model.
 */
export function readPhoneNumber(context: NodeContext, value: unknown, field: string, itemIndex: number): string {
	const phone = (readText(context, value, field, itemIndex) ?? '').trim();
	if (indexOfCode(phone, isAsciiControl) >= 0) throw invalidInput(context, field, 'contains a control character', itemIndex);
	if (!isPhoneWithCountryCode(phone)) {
		throw invalidInput(context, field, `must be a phone number with country code (10 to 15 digits), not ${shown(phone)}`, itemIndex);
	}
	return phone;
}

/** The kind of a value, for "must be text, not an object". */
function kindOf(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (value === null) return 'null';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'boolean') return `the boolean ${String(value)}`;
	return `${typeof value} ${shown(value)}`;
}

/**
 * A number as text, only when its text is unambiguous: `12` is "12", but `1e21` would become
 * "1e+21" and NaN or Infinity mean nothing, so those are refused.
 */
function numberAsText(value: number): string | undefined {
	const text = String(value);
	return Number.isFinite(value) && !/e/i.test(text) ? text : undefined;
}

/** Text from a parameter or item value; numbers (a phone from a sheet) become text; objects, lists and booleans are refused. */
export function readText(context: NodeContext, value: unknown, label: string, itemIndex: number): string | null {
	if (value === null || value === undefined) return null;
	if (typeof value === 'string') return value;
	if (typeof value === 'number') {
		const text = numberAsText(value);
		if (text !== undefined) return text;
		throw invalidInput(context, label, `must be text; the number ${String(value)} has no unambiguous text form`, itemIndex);
	}
	throw invalidInput(context, label, `must be text, not ${kindOf(value)}`, itemIndex);
}

/** Trimmed text that must not be empty (a name of only spaces is no name), within a length. */
export function readName(context: NodeContext, value: unknown, label: string, itemIndex: number, max: number): string {
	const text = (readText(context, value, label, itemIndex) ?? '').trim();
	return requireLength(context, text, label, { min: 1, max }, itemIndex);
}

/** A boolean: `true`/`false`, or the text "true"/"false" (any case); `fallback` when not set. Anything else is refused. */
export function readBoolean(context: NodeContext, value: unknown, label: string, itemIndex: number, fallback = false): boolean {
	if (value === undefined || value === null || value === '') return fallback;
	if (typeof value === 'boolean') return value;
	if (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value)) return value.trim().toLowerCase() === 'true';
	throw invalidInput(context, label, `must be true or false, not ${kindOf(value)}`, itemIndex);
}

/**
 * A number, or text that is one ("12", " 2.5 "); `undefined` when not set. Booleans, objects and other
 * text are refused, and so are numbers outside `min`..`max` or with a fraction when `whole`.
 */
export function readNumber(
	context: NodeContext,
	value: unknown,
	label: string,
	itemIndex: number,
	{ min = -Infinity, max = Infinity, whole = false }: { min?: number; max?: number; whole?: boolean } = {},
): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
	if (typeof value !== 'number' && typeof value !== 'string') {
		throw invalidInput(context, label, `must be a number, not ${kindOf(value)}`, itemIndex);
	}
	const wanted = whole ? 'a whole number' : 'a number';
	const range = min > -Infinity ? ` of at least ${min}` : '';
	if (!Number.isFinite(number) || (whole && !Number.isInteger(number)) || number < min || number > max) {
		throw invalidInput(
			context,
			label,
			`must be ${wanted}${range}${max < Infinity ? ` and at most ${max}` : ''}, not ${String(value)}`,
			itemIndex,
		);
	}
	return number;
}

/**
 * One value of a fixed set. A value that differs only in letter case is the same choice; anything
 * else (another word, an object, a number) is refused with the list of allowed values.
 */
export function readOption<T extends string>(
	context: NodeContext,
	value: unknown,
	allowed: readonly T[],
	label: string,
	itemIndex: number,
): T {
	if (typeof value === 'string') {
		const text = value.trim();
		const exact = allowed.find((option) => option === text);
		if (exact !== undefined) return exact;
		const sameLetters = allowed.filter((option) => option.toLowerCase() === text.toLowerCase());
		if (sameLetters.length === 1) return sameLetters[0];
	}
	throw invalidInput(context, label, `must be one of ${allowed.join(', ')}, not ${shown(value)}`, itemIndex);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Whether year, month and day name a real calendar day (2024-02-30 does not). */
function isRealDay(year: number, month: number, day: number): boolean {
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether text is a day as YYYY-MM-DD that exists in the calendar (`Date.parse` takes 2024-02-30 as March 1). */
export function isCalendarDay(text: string): boolean {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
	return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

interface LuxonLike {
	isValid: boolean;
	toISO: () => string | null;
}

function isLuxon(value: unknown): value is LuxonLike {
	return typeof value === 'object' && value !== null && typeof (value as LuxonLike).toISO === 'function' && 'isValid' in value;
}

const isoOfDate = (date: Date) => (Number.isNaN(date.getTime()) ? null : date.toISOString());

/**
 * A moment or day as ISO 8601 text: an ISO date or date-time (with or without offset), a Luxon
 * DateTime or a JavaScript Date. `"March 7"`, `"01/02/2024"` (day or month first?) and days that do
 * not exist (`2024-02-30`) are refused. A day alone becomes its start in UTC (`2024-03-07T00:00:00Z`);
 * `day: true` returns only the calendar day (YYYY-MM-DD) as written.
 */
export function readDate(
	context: NodeContext,
	value: unknown,
	label: string,
	itemIndex: number,
	{ day = false }: { day?: boolean } = {},
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	// a Luxon DateTime or a Date is read as the ISO text it writes, so it meets every rule a typed date meets
	const written = isLuxon(value) ? (value.isValid ? value.toISO() : null) : value instanceof Date ? isoOfDate(value) : value;
	const refuse = () =>
		invalidInput(
			context,
			label,
			`is not an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z: ${shown(isLuxon(value) ? value.toISO() : value)}`,
			itemIndex,
		);
	if (typeof written !== 'string') throw refuse();
	const text = written.trim();
	const parts = ISO_DATE.exec(text);
	if (!parts) throw refuse();
	const [, year, month, dayOfMonth, hour, minute, second, offset] = parts;
	if (!isRealDay(Number(year), Number(month), Number(dayOfMonth))) throw refuse();
	if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59)) throw refuse();
	const wrongOffset = offsetProblem(offset);
	if (wrongOffset)
		throw invalidInput(context, label, `is not a date and time Helena can read: ${wrongOffset}: ${shown(written)}`, itemIndex);
	if (day) return text.slice(0, 10);
	// Helena takes a date-time: a day alone is its start in UTC, the zone these filters are read in
	if (hour === undefined) return `${text}T00:00:00Z`;
	// ISO 8601 allows `t` and `z`; the readers after this one (and Helena) are given `T` and `Z`
	return text.replace(/[ t]/, 'T').replace(/z$/, 'Z');
}

/** The longest value the node puts into a URL path (an ID or a phone number is far shorter). */
export const MAX_PATH_VALUE_LENGTH = 100;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a value names "this folder" or "the folder above" once a server decodes it (`..`, `%2e%2E`, `.%2e`). */
export function isDotSegment(text: string): boolean {
	let decoded = text;
	for (let round = 0; round < 3; round++) {
		try {
			const next = decodeURIComponent(decoded);
			if (next === decoded) break;
			decoded = next;
		} catch {
			break;
		}
	}
	return /^\.{1,2}$/.test(decoded.trim()) || /^\.{1,2}$/.test(text.trim());
}

/** C0 and DEL: the control characters of ASCII. */
const isAsciiControl = (code: number) => isControlCode(code) && code <= 0x7f;

/**
 * A value that goes into a URL path (an ID, a phone number): text or a number, trimmed, not empty, not
 * a dot segment (`.`, `..` or an encoding of them would change the endpoint), at most
 * MAX_PATH_VALUE_LENGTH characters, and no lone UTF-16 surrogate (it cannot be URL-encoded).
 */
export function readPathValue(context: NodeContext, value: unknown, label: string, itemIndex: number): string {
	const text = (readText(context, value, label, itemIndex) ?? '').trim();
	if (!text) throw invalidInput(context, label, 'is empty', itemIndex);
	if (text.length > MAX_PATH_VALUE_LENGTH) {
		throw invalidInput(context, label, `must be at most ${MAX_PATH_VALUE_LENGTH} characters long; it has ${text.length}`, itemIndex);
	}
	if (LONE_SURROGATE.test(text)) {
		throw invalidInput(context, label, 'contains a broken character (a lone UTF-16 surrogate), which cannot be sent in a URL', itemIndex);
	}
	if (indexOfCode(text, isAsciiControl) >= 0) throw invalidInput(context, label, 'contains a control character', itemIndex);
	if (isDotSegment(text))
		throw invalidInput(context, label, `cannot be ${shown(text)}: it would change the address of the request`, itemIndex);
	return text;
}

/**
 * The entries of a list given as an array (from an expression) or as comma-separated text, trimmed,
 * empty ones left out. Anything else is read as text; `readList` refuses it instead.
 */
export function listEntries(value: unknown): string[] {
	const entries: unknown[] = Array.isArray(value) ? value : String(value ?? '').split(',');
	return entries.map((entry) => String(entry ?? '').trim()).filter(Boolean);
}

/**
 * A list given as comma-separated text or as an array (from an expression). Entries must be text or
 * numbers (an object would be sent as "[object Object]"); `uuids` checks every entry; `unique` drops
 * repeats (UUIDs compared without regard to letter case).
 */
export function readList(
	context: NodeContext,
	value: unknown,
	labelOrMake: string | (() => string),
	itemIndex: number,
	{ uuids = false, unique = false } = {},
): string[] {
	if (value === null || value === undefined) return [];
	// a caller reading thousands of lists makes the label only when there is an error to name
	const label = () => (typeof labelOrMake === 'string' ? labelOrMake : labelOrMake());
	const isArray = Array.isArray(value);
	if (!isArray && typeof value !== 'string') {
		throw invalidInput(context, label(), `must be a list or comma-separated text, not ${kindOf(value)}`, itemIndex);
	}
	// one pass, no intermediate lists: a batch reads this for every item of every request
	const entries: unknown[] = isArray ? value : value.split(',');
	const list: string[] = [];
	let seen: Set<string> | undefined;
	for (let position = 0; position < entries.length; position++) {
		const raw = entries[position];
		const given = typeof raw === 'string' ? raw : readText(context, raw, `${label()} entry ${position + 1}`, itemIndex);
		const entry = given === null ? '' : given.trim();
		if (entry === '') continue;
		const checked = uuids && !isUuid(entry) ? requireUuid(context, entry, label(), itemIndex) : entry;
		if (unique && list.length > 0) {
			seen ??= new Set(uuids ? list.map((id) => id.toLowerCase()) : list);
			const key = uuids ? checked.toLowerCase() : checked;
			if (seen.has(key)) continue;
			seen.add(key);
		}
		list.push(checked);
	}
	return list;
}

/** Several values of a fixed set (a multiOptions parameter, or a list an expression gave), each checked, repeats dropped. */
export function readChoices<T extends string>(
	context: NodeContext,
	value: unknown,
	allowed: readonly T[],
	label: string,
	itemIndex: number,
): T[] {
	return readList(context, value, label, itemIndex, { unique: true }).map((entry) => readOption(context, entry, allowed, label, itemIndex));
}

/** A JSON object given as text or as an object (from an expression). */
export function readJsonObject(context: NodeContext, value: unknown, label: string, itemIndex: number): IDataObject {
	let parsed = value;
	if (typeof value === 'string') {
		if (!value.trim()) return {};
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw invalidInput(context, label, `is not valid JSON (${(error as Error).message})`, itemIndex);
		}
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw invalidInput(context, label, 'must be a JSON object such as {"key": "value"}', itemIndex);
	}
	return parsed as IDataObject;
}
