import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, NodeParameterValueType } from 'n8n-workflow';

import type { NodeContext } from './input';
import { invalidInput, listEntries, readOption } from './input';
import { shown } from './redact';

/*
 * Every option of an operation read against its list, before the operation runs: a dropdown, a multi-select,
 * and the ones inside collections and fixed collections (a form field's type). A value typed in is checked
 * once; one that comes from an expression is checked for each item, as n8n resolves it. Dynamic lists (load
 * options) are the operation's to check. A value that differs only in letter case is the same choice, as in
 * `readOption`.
 */

type Reader = (name: string, itemIndex: number) => unknown;

const openLists = new WeakSet<object>();

/**
 * Marks an option list as the known values of an open set (Helena takes any contact field name to sort by):
 * a value outside it, from an expression, is the operation's to read. Every other list is closed.
 */
export function openList<T extends INodePropertyOptions[]>(options: T): T {
	openLists.add(options);
	return options;
}

const aliases = new WeakMap<object, string[]>();

/** Marks values an option list also takes, as another spelling of one of its choices (the operation maps them). */
export function alsoAccepting<T extends INodePropertyOptions[]>(options: T, values: readonly string[]): T {
	aliases.set(options, [...values]);
	return options;
}

const isExpression = (value: unknown): boolean =>
	typeof value === 'string'
		? value.startsWith('=')
		: Array.isArray(value)
			? value.some(isExpression)
			: typeof value === 'object' && value !== null && Object.values(value).some(isExpression);

function staticValues(property: INodeProperties): Array<string | number | boolean> | undefined {
	if (property.type !== 'options' && property.type !== 'multiOptions') return undefined;
	if (property.typeOptions?.loadOptionsMethod || property.typeOptions?.loadOptions || !Array.isArray(property.options)) return undefined;
	if (openLists.has(property.options)) return undefined;
	return (property.options as INodePropertyOptions[]).map((option) => option.value);
}

/** Whether a parameter is, or holds, an option with a fixed list. */
function hasList(property: INodeProperties): boolean {
	if (staticValues(property)) return true;
	if (property.type === 'collection') return ((property.options ?? []) as INodeProperties[]).some(hasList);
	if (property.type === 'fixedCollection')
		return ((property.options ?? []) as INodePropertyCollection[]).some((group) => (group.values ?? []).some(hasList));
	return false;
}

function checkOne(context: NodeContext, value: unknown, allowed: Array<string | number | boolean>, label: string, itemIndex: number): void {
	// a value of the wrong kind (an object, a list) is the operation's typed reader's to name
	if (typeof value === 'object' || allowed.includes(value as string)) return;
	const texts = allowed.filter((option): option is string => typeof option === 'string');
	if (texts.length === allowed.length) {
		readOption(context, value, texts, label, itemIndex);
		return;
	}
	throw invalidInput(context, label, `must be one of ${allowed.join(', ')}, not ${shown(value)}`, itemIndex);
}

function checkValue(context: NodeContext, properties: INodeProperties[], value: unknown, label: string, itemIndex: number): void {
	if (value === undefined || value === null || value === '') return;
	const property = properties[0];
	const allowed = [...new Set(properties.flatMap((candidate) => staticValues(candidate) ?? []))];
	const otherSpellings = properties.flatMap((candidate) => (candidate.options && aliases.get(candidate.options)) ?? []);
	if (typeof value === 'string' && otherSpellings.includes(value.trim())) return;
	if (property.type === 'options' && allowed.length) return checkOne(context, value, allowed, label, itemIndex);
	if (property.type === 'multiOptions' && allowed.length) {
		// a list from an expression may come as comma-separated text, as readChoices takes it
		for (const entry of typeof value === 'string' ? listEntries(value) : Array.isArray(value) ? value : [value]) {
			checkOne(context, entry, allowed, label, itemIndex);
		}
		return;
	}
	if (typeof value !== 'object' || Array.isArray(value)) return;
	if (property.type === 'collection') {
		// a collection's options read as fields of their own, as the operations name them
		checkObject(context, property.options as INodeProperties[], value as Record<string, unknown>, '', itemIndex);
	}
	if (property.type === 'fixedCollection') {
		for (const [groupName, groupValue] of Object.entries(value)) {
			const group = (property.options as INodePropertyCollection[]).find((candidate) => candidate.name === groupName);
			if (!group) continue;
			const entries = Array.isArray(groupValue) ? groupValue : [groupValue];
			entries.forEach((entry, index) => {
				if (typeof entry !== 'object' || entry === null) return;
				const where = entries.length > 1 ? `${label} ${index + 1}: ` : `${label}: `;
				checkObject(context, group.values, entry as Record<string, unknown>, where, itemIndex);
			});
		}
	}
}

function checkObject(
	context: NodeContext,
	properties: INodeProperties[],
	value: Record<string, unknown>,
	prefix: string,
	itemIndex: number,
) {
	for (const [name, entry] of Object.entries(value)) {
		const named = properties.filter((property) => property.name === name);
		if (named.length) checkValue(context, named, entry, `${prefix}${named[0].displayName}`, itemIndex);
	}
}

/** Whether a show or hide rule of `property` rules it out for these parameters; a parameter from an expression may be anything. */
function ruledOut(property: INodeProperties, parameters: Record<string, unknown>): boolean {
	const known = (name: string) => parameters[name] !== undefined && !isExpression(parameters[name]);
	const listed = (values: unknown, name: string) => Array.isArray(values) && values.includes(parameters[name]);
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	return (
		Object.entries(show).some(([name, values]) => known(name) && Array.isArray(values) && !listed(values, name)) ||
		Object.entries(hide).some(([name, values]) => known(name) && listed(values, name))
	);
}

/** Of the declarations of one parameter (a dropdown declared twice, each shown for another choice), those shown now. */
function shownNow(named: INodeProperties[], parameters: Record<string, unknown>): INodeProperties[] {
	const shown = named.filter((property) => !ruledOut(property, parameters));
	return shown.length ? shown : named;
}

/**
 * Checks each option parameter of `properties` the node has set, for every item; the first value outside its
 * list is an error naming the field and the item, thrown before the operation sends anything.
 */
export function checkOptionLists(
	context: NodeContext,
	properties: INodeProperties[],
	parameters: Record<string, unknown>,
	itemIndexes: number[],
	read: Reader,
): void {
	const byName = new Map<string, INodeProperties[]>();
	for (const property of properties.filter(hasList)) byName.set(property.name, [...(byName.get(property.name) ?? []), property]);
	for (const [name, declared] of byName) {
		const raw = parameters[name];
		if (raw === undefined) continue;
		const named = shownNow(declared, parameters);
		const label = named[0].displayName;
		if (!isExpression(raw)) {
			checkValue(context, named, raw as NodeParameterValueType, label, itemIndexes[0] ?? 0);
			continue;
		}
		for (const itemIndex of itemIndexes.length ? itemIndexes : [0]) {
			let value: unknown;
			try {
				value = read(name, itemIndex);
			} catch {
				continue; // an expression that fails: the operation reads it and reports it with its own error
			}
			checkValue(context, named, value, label, itemIndex);
		}
	}
}

const itemChecks = new WeakMap<object, (itemIndex: number) => void>();

/**
 * Under Continue On Fail the option lists are checked item by item, where the item loop reads the item
 * (`runItemChecks`), so that an item with an option outside its list becomes its own error item and the
 * others go on; without it the router checks every item before the operation starts.
 */
export function checkBeforeEachItem(context: object, check: (itemIndex: number) => void): void {
	itemChecks.set(context, check);
}

/** Runs the checks the router registered for this execution on one item; throws the item's error. */
export function runItemChecks(context: object, itemIndex: number): void {
	itemChecks.get(context)?.(itemIndex);
}
