import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { statusOptions } from '../Helena/actions/contact/fields';
import { filtersCollection, listEntries, optionsCollection, readBoolean, readChoices, readOption } from '../Helena/helpers';
import { includeDetailsField, readIncludeDetails, simplifyContact, simplifyField } from '../Helena/actions/contact/listing';
import { withHelenaClock } from '../Helena/transport';
import type { Change, ChangeField, CursorState, HelenaTime } from './changeCursor';
import { OVERLAP_MS, advance, aheadOfHelena, inOrder, instantOf, readCursorState, startCursor, windowStart } from './changeCursor';
import type { Listing } from './contactChanges';
import { changesSince, latestContacts, recentContacts } from './contactChanges';
import { oneAtATime } from './oneAtATime';

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
 * A cursor at Helena's latest change (never past Helena's time), so that the first activation emits
 * nothing old: every contact the next check reads again counts as seen, however many pages that is
 * (an import of hundreds of contacts just before activation is not emitted on the first check).
 */
async function cursorAtLatest(context: IPollFunctions, listing: Listing, origin: string): Promise<CursorState> {
	const clock = withHelenaClock(context);
	const time = (): HelenaTime => ({ first: clock.first(), latest: clock.latest() });
	const checkedAt = () => (clock.first() === undefined ? '' : new Date(clock.first()!).toISOString());
	/** The state at Helena's newest change, or at Helena's time when that change is stamped later. */
	const atNewest = (newest: string) => {
		const latest = clock.latest();
		const at = latest !== undefined && instantOf(newest) > latest ? new Date(latest).toISOString() : newest;
		return startCursor(origin, at, {}, checkedAt());
	};
	const recent = await recentContacts(
		clock.context,
		listing,
		(newest) => windowStart(atNewest(new Date(newest).toISOString())) ?? Number.NEGATIVE_INFINITY,
	);
	if (recent.length === 0) {
		// Helena has no contact yet: every contact from Helena's time on (less the overlap) is new. Without
		// a Date header nothing bounds it, and the whole (empty) list is the window.
		const first = clock.first();
		return startCursor(origin, first === undefined ? '' : new Date(first - OVERLAP_MS).toISOString(), {}, checkedAt());
	}
	const seen = recent.map((contact) => ({ contact, version: String(contact[listing.field]), event: 'updated' as const }));
	return advance(atNewest(seen[0].version), seen, time());
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

		// n8n may start a check while the previous one of the same workflow still runs (coinciding
		// Poll Times, retries through an outage): each one reads the state the previous one left
		return await oneAtATime(`${String(this.getWorkflow().id)} ${this.getNode().name}`, async () => await check(this, settings));
	}
}

/** One scheduled check: the changes since the saved state, or a new state when there is none (or it is not valid). */
async function check(context: IPollFunctions, settings: Settings): Promise<INodeExecutionData[][] | null> {
	const staticData = context.getWorkflowStaticData('node');
	const saved = readCursorState(staticData);
	if (saved && 'problem' in saved) return await startAgain(context, staticData, settings, saved.problem);
	if (!saved || saved.state.origin !== settings.origin) {
		if (settings.origin === 'now') {
			store(staticData, await cursorAtLatest(context, settings.listing, 'now'));
			return null;
		}
		const started = startCursor(settings.origin, settings.origin, {});
		return await emitChanges(context, staticData, started, settings);
	}
	return await emitChanges(context, staticData, saved.state, settings);
}

/** Reads the changes since `state`, moves it past them and returns those the user asked for, oldest first. */
async function emitChanges(
	context: IPollFunctions,
	staticData: IDataObject,
	state: CursorState,
	settings: Settings,
): Promise<INodeExecutionData[][] | null> {
	const clock = withHelenaClock(context);
	const changes = await changesSince(clock.context, settings.listing, state, windowStart(state));
	const time: HelenaTime = { first: clock.first(), latest: clock.latest() };
	const ahead = aheadOfHelena(state, time);
	if (ahead) return await startAgain(context, staticData, settings, ahead);
	store(staticData, advance(state, changes, time));
	const wanted = inOrder(changes).filter(({ event }) => settings.events.includes(EVENT_OF_CHANGE[event]));
	return wanted.length ? [toItems(wanted, settings.simple)] : null;
}

/** A saved state the trigger cannot have written: start again from Helena's latest change, say so in n8n's log, emit nothing. */
async function startAgain(context: IPollFunctions, staticData: IDataObject, settings: Settings, problem: string): Promise<null> {
	const state = await cursorAtLatest(context, settings.listing, settings.origin);
	context.logger.warn(
		`Helena Contact Trigger "${context.getNode().name}": its saved position is not valid (${problem}). ` +
			"It starts again from Helena's latest change: changes made before this check are not reported.",
	);
	for (const key of Object.keys(staticData)) if (!(key in state)) delete staticData[key];
	store(staticData, state);
	return null;
}
