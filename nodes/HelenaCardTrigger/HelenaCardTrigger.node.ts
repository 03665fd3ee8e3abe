import type { INodeProperties, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { optionValues, readBoolean, readChoices, requireUuid } from '../Helena/helpers';
import {
	cardSimplifyField,
	cardStatusesFilter,
	cardStepFilter,
	includeDetailsField,
	simplifyCard,
} from '../Helena/actions/card/cardFields';
import { panelLocator } from '../Helena/actions/crm/locators';
import { listSearch } from '../Helena/methods';
import type { PollingTrigger, TriggerParameters, Watch } from '../Helena/polling';
import { pollTrigger, pollingTriggerDescription, readFilterId } from '../Helena/polling';
import { CARD_EVENTS, cardEvents, cardSource, panelSnapshot, placeOf, previousPlace } from './cardChanges';

const statusesFilter: INodeProperties = {
	...cardStatusesFilter,
	description:
		'Only cards in one of these states; Helena leaves archived cards out when none is chosen. A card that leaves them leaves the list and is not reported.',
};

/** The cards of one panel (Helena filtering by step and status); what each card's step and status was decides its event. */
function watchCards(context: IPollFunctions, { field, filters, options }: TriggerParameters): Watch {
	const simple = readBoolean(context, context.getNodeParameter('simple', true), 'Simplify', 0, true);
	const details = simple
		? ['StepTitle']
		: readChoices(context, options.includeDetails ?? includeDetailsField.default, optionValues(includeDetailsField), 'Include Details', 0);
	const panelId = requireUuid(context, context.getNodeParameter('panel', '', { extractValue: true }), 'Panel', 0);
	return {
		...cardSource({
			field,
			panelId,
			stepId: readFilterId(context, filters.step, 'Step'),
			statuses: readChoices(context, filters.statuses, optionValues(statusesFilter), 'Statuses', 0),
			includeDetails: details,
		}),
		stateOf: placeOf,
		snapshot: async (snapshotContext) => await panelSnapshot(snapshotContext, panelId),
		describe: cardEvents,
		sampleEvent: (latest) => (latest.createdAt === latest.updatedAt ? CARD_EVENTS.created : CARD_EVENTS.updated),
		toItem: (event, change) => {
			const before = previousPlace(change);
			return {
				json: {
					event,
					previousStepId: before.stepId,
					previousStatus: before.status,
					...(simple ? simplifyCard(change.record) : change.record),
				},
			};
		},
	};
}

const cardTrigger: PollingTrigger = {
	displayName: 'Helena Card Trigger',
	name: 'helenaCardTrigger',
	description:
		'Starts the workflow when CRM cards are created, changed, moved, won or lost in Helena, by asking Helena on a schedule (no public URL needed)',
	leading: [{ ...panelLocator, description: 'The CRM panel (board) whose cards to watch' }],
	events: {
		options: [
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
		defaults: [CARD_EVENTS.created, CARD_EVENTS.updated, CARD_EVENTS.moved, CARD_EVENTS.won, CARD_EVENTS.lost],
		created: CARD_EVENTS.created,
	},
	fields: [cardSimplifyField],
	filters: [cardStepFilter, statusesFilter],
	options: [{ ...includeDetailsField, displayOptions: { show: { '/simple': [false] } } }],
	watch: watchCards,
};

export class HelenaCardTrigger implements INodeType {
	description: INodeTypeDescription = {
		icon: { light: 'file:../Helena/helena.svg', dark: 'file:../Helena/helena.dark.svg' },
		...pollingTriggerDescription(cardTrigger),
		subtitle: '={{ [].concat($parameter["events"]).join(", ") }}',
	};

	methods = { listSearch };

	async poll(this: IPollFunctions) {
		return await pollTrigger(this, cardTrigger);
	}
}
