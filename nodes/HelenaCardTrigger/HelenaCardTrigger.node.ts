import type { IDataObject, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, optionValues, readBoolean, readChoices, requireUuid } from '../Helena/helpers';
import {
	cardSimplifyField,
	cardStatusesFilter,
	cardStepFilter,
	includeDetailsField,
	simplifyCard,
} from '../Helena/actions/card/cardFields';
import { panelLocator } from '../Helena/actions/crm/locators';
import { listSearch } from '../Helena/methods';
import type { Change, ChangeField, ChangeStream } from '../Helena/polling';
import {
	pollEvents,
	pollingTriggerFrame,
	readEvents,
	readFilterId,
	readStartFrom,
	startFromField,
	triggerOnField,
} from '../Helena/polling';
import type { CardListing } from './cardChanges';
import { CARD_EVENTS, cardEvents, cardSource, panelSnapshot, placeOf, previousPlace } from './cardChanges';

const statusesFilter: INodeProperties = {
	...cardStatusesFilter,
	description:
		'Only cards in one of these states; Helena leaves archived cards out when none is chosen. A card that leaves them leaves the list and is not reported.',
};

interface Settings {
	listing: CardListing;
	events: string[];
	simple: boolean;
	origin: string;
}

function readSettings(context: IPollFunctions): Settings {
	const events = readEvents(context, Object.values(CARD_EVENTS));
	const simple = readBoolean(context, context.getNodeParameter('simple', true), 'Simplify', 0, true);
	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const field: ChangeField = events.length === 1 && events[0] === CARD_EVENTS.created ? 'createdAt' : 'updatedAt';
	const details = simple
		? ['StepTitle']
		: readChoices(context, options.includeDetails ?? includeDetailsField.default, optionValues(includeDetailsField), 'Include Details', 0);
	return {
		listing: {
			field,
			panelId: requireUuid(context, context.getNodeParameter('panel', '', { extractValue: true }), 'Panel', 0),
			stepId: readFilterId(context, filters.step, 'Step'),
			statuses: readChoices(context, filters.statuses, optionValues(statusesFilter), 'Statuses', 0),
			includeDetails: details,
		},
		events,
		simple,
		origin: readStartFrom(context, options.startFrom),
	};
}

function toItem(event: string, change: Pick<Change, 'record' | 'previous'>, simple: boolean): INodeExecutionData {
	const before = previousPlace(change as Change);
	return {
		json: {
			event,
			previousStepId: before.stepId,
			previousStatus: before.status,
			...(simple ? simplifyCard(change.record) : change.record),
		},
	};
}

export class HelenaCardTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Helena Card Trigger',
		name: 'helenaCardTrigger',
		icon: { light: 'file:../Helena/helena.svg', dark: 'file:../Helena/helena.dark.svg' },
		subtitle: '={{ [].concat($parameter["events"]).join(", ") }}',
		...pollingTriggerFrame,
		description:
			'Starts the workflow when CRM cards are created, changed, moved, won or lost in Helena, by asking Helena on a schedule (no public URL needed)',
		defaults: { name: 'Helena Card Trigger' },
		properties: [
			{ ...panelLocator, description: 'The CRM panel (board) whose cards to watch' },
			triggerOnField(
				[
					{ name: 'Card Created', value: CARD_EVENTS.created, description: 'A card that did not exist at the previous check' },
					{ name: 'Card Lost', value: CARD_EVENTS.lost, description: 'A card whose status became Lost since the previous check' },
					{
						name: 'Card Moved',
						value: CARD_EVENTS.moved,
						description: 'A card that is in another step than at the previous check; previousStepId says which',
					},
					{
						name: 'Card Updated',
						value: CARD_EVENTS.updated,
						description: 'Any other change to a card that existed at the previous check',
					},
					{ name: 'Card Won', value: CARD_EVENTS.won, description: 'A card whose status became Won since the previous check' },
				],
				[CARD_EVENTS.created, CARD_EVENTS.updated, CARD_EVENTS.moved, CARD_EVENTS.won, CARD_EVENTS.lost],
			),
			cardSimplifyField,
			filtersCollection([cardStepFilter, statusesFilter]),
			optionsCollection([{ ...includeDetailsField, displayOptions: { show: { '/simple': [false] } } }, startFromField]),
		],
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings(this);
		const stream: ChangeStream = {
			...cardSource(settings.listing),
			trigger: 'Helena Card Trigger',
			origin: settings.origin,
			stateOf: placeOf,
			snapshot: async (context) => await panelSnapshot(context, settings.listing.panelId),
		};

		return await pollEvents(this, stream, {
			chosen: settings.events,
			describe: cardEvents,
			sampleEvent: (latest) => (latest.createdAt === latest.updatedAt ? CARD_EVENTS.created : CARD_EVENTS.updated),
			toItem: (event, change) => toItem(event, change, settings.simple),
		});
	}
}
