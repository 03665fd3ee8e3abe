import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { statusOptions } from '../Helena/actions/contact/fields';
import { filtersCollection, listEntries, optionsCollection, readBoolean, readChoices, readOption } from '../Helena/helpers';
import { includeDetailsField, readIncludeDetails, simplifyContact, simplifyField } from '../Helena/actions/contact/listing';
import type { Change, ChangeField, CursorState } from './changeCursor';
import { advance, inOrder, instantOf, isCursorState, startCursor } from './changeCursor';
import type { Listing } from './contactChanges';
import { changesSince, latestContacts } from './contactChanges';

const ANY_STATUS = 'ANY';
const EVENT_OF_CHANGE: Record<Change['event'], string> = {
	created: 'contactCreated',
	updated: 'contactUpdated',
};

interface Settings {
	listing: Listing;
	events: string[];
	simple: boolean;
	/** 'now', or the ISO date to start from on first activation. */
	origin: string;
}

function readSettings(context: IPollFunctions): Settings {
	const node = context.getNode();
	const events = readChoices(context, context.getNodeParameter('events', []), Object.values(EVENT_OF_CHANGE), 'Trigger On', 0);
	if (events.length === 0) {
		throw new NodeOperationError(node, 'Choose at least one event in "Trigger On"');
	}
	const simple = readBoolean(context, context.getNodeParameter('simple', true), 'Simplify', 0, true);
	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const status = readOption(
		context,
		filters.status || 'ACTIVE',
		[...statusOptions.map((option) => String(option.value)), ANY_STATUS],
		'Status',
		0,
	);
	const statuses = status === ANY_STATUS ? statusOptions.map((option) => String(option.value)) : [status];
	const field: ChangeField = events.length === 1 && events[0] === EVENT_OF_CHANGE.created ? 'createdAt' : 'updatedAt';
	const tagNames = listEntries(filters.tagNames ?? '');
	return {
		listing: {
			field,
			statuses,
			includeDetails: readIncludeDetails(context, options, simple, 0),
			tagNames: tagNames.length ? tagNames : undefined,
		},
		events,
		simple,
		origin: readStartFrom(context, options.startFrom),
	};
}

/** A date without a zone (what the date picker gives) is read as UTC, as Helena reads its bounds. */
function readStartFrom(context: IPollFunctions, raw: unknown): string {
	if (raw === undefined || raw === null || raw === '') return 'now';
	const text = typeof (raw as { toISO?: unknown }).toISO === 'function' ? String((raw as { toISO: () => string }).toISO()) : String(raw);
	const zoned = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
	const instant = Date.parse(zoned);
	if (Number.isNaN(instant)) {
		throw new NodeOperationError(context.getNode(), `"Start From" is not a date: "${text}"`);
	}
	return new Date(instant).toISOString();
}

function toItems(changes: Change[], simple: boolean): INodeExecutionData[] {
	return changes.map(({ contact, event }) => ({
		json: { event: EVENT_OF_CHANGE[event], ...(simple ? simplifyContact(contact) : contact) },
	}));
}

/**
 * Where a new cursor starts: at the Start From date, or at Helena's latest change so that the first
 * activation emits nothing old (the contacts changed in that same instant count as seen).
 */
async function newCursor(context: IPollFunctions, settings: Settings): Promise<CursorState> {
	if (settings.origin !== 'now') return startCursor(settings.origin, settings.origin, {});
	const { field } = settings.listing;
	const latest = await latestContacts(context, settings.listing, 100);
	const newest = latest[0]?.[field] as string | undefined;
	if (!newest) return startCursor('now', '', {});
	const seen: Record<string, string> = {};
	for (const contact of latest) {
		if (instantOf(contact[field]) === instantOf(newest)) seen[String(contact.id)] = String(contact[field]);
	}
	return startCursor('now', newest, seen);
}

/** Writes only what changed: n8n saves static data that was touched. */
function store(staticData: IDataObject, state: CursorState): void {
	for (const [key, value] of Object.entries(state)) {
		if (JSON.stringify(staticData[key]) !== JSON.stringify(value)) staticData[key] = value;
	}
}

export class HelenaContactTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Helena Contact Trigger',
		name: 'helenaContactTrigger',
		icon: { light: 'file:../Helena/helena.svg', dark: 'file:../Helena/helena.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ [].concat($parameter["events"]).join(", ") }}',
		description:
			'Starts the workflow when contacts are created or changed in Helena, by asking Helena on a schedule (no public URL needed)',
		defaults: { name: 'Helena Contact Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'helenaApi', required: true }],
		properties: [
			{
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [
					{
						name: 'Contact Created',
						value: 'contactCreated',
						description: 'A contact that did not exist at the previous check',
					},
					{
						name: 'Contact Updated',
						value: 'contactUpdated',
						description: 'A change to a contact that already existed at the previous check',
					},
				],
				default: ['contactCreated', 'contactUpdated'],
			},
			simplifyField,
			filtersCollection([
				{
					displayName: 'Status',
					name: 'status',
					type: 'options',
					options: [
						{ name: 'Active', value: 'ACTIVE' },
						{ name: 'Any Status', value: ANY_STATUS },
						{ name: 'Archived', value: 'ARCHIVED' },
						{ name: 'Blocked', value: 'BLOCKED' },
					],
					default: 'ACTIVE',
					description:
						'Only contacts with this status. With Active, a contact that is archived or blocked leaves the list and is not reported; Any Status reports it (one request per status on each check).',
				},
				{
					displayName: 'Tag Names',
					name: 'tagNames',
					type: 'string',
					default: '',
					placeholder: 'e.g. VIP, Lead',
					description:
						'Only contacts with at least one of these tags (comma-separated). A contact whose last matching tag is removed leaves the list and is not reported.',
				},
			]),
			optionsCollection([
				includeDetailsField,
				{
					displayName: 'Start From',
					name: 'startFrom',
					type: 'dateTime',
					default: '',
					description: 'On first activation, report the changes made since this moment (UTC) instead of starting from now',
				},
			]),
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings(this);

		if (this.getMode() === 'manual') {
			const [latest] = await latestContacts(this, settings.listing, 1);
			if (!latest) return null;
			const event = latest.createdAt === latest.updatedAt ? 'created' : 'updated';
			return [toItems([{ contact: latest, version: String(latest.updatedAt), event }], settings.simple)];
		}

		const staticData = this.getWorkflowStaticData('node');
		const stored = isCursorState(staticData) ? (staticData as unknown as CursorState) : undefined;
		if (!stored || stored.origin !== settings.origin) {
			const started = await newCursor(this, settings);
			if (settings.origin === 'now') {
				store(staticData, started);
				return null;
			}
			return emit(staticData, started, await changesSince(this, settings.listing, started), settings);
		}
		return emit(staticData, stored, await changesSince(this, settings.listing, stored), settings);
	}
}

/** Moves the cursor past `changes` and returns the ones the user asked for, oldest first. */
function emit(staticData: IDataObject, state: CursorState, changes: Change[], settings: Settings): INodeExecutionData[][] | null {
	store(staticData, advance(state, changes));
	const wanted = inOrder(changes).filter(({ event }) => settings.events.includes(EVENT_OF_CHANGE[event]));
	return wanted.length ? [toItems(wanted, settings.simple)] : null;
}
