import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, optionValues, readOption } from '../../helpers';
import { apiPath, helenaRequest } from '../../transport';
import { optionalLocatorUuid } from '../chat/locators';
import { cardRecord } from '../crm/locators';
import { panelLostReasons, panelWithSteps } from '../crm/panelData';

/* Card → Update's status: won, lost (with a lost reason of the card's panel), archived or reopened. */

export const statusField: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'options',
	options: [
		{ name: 'Archived', value: 'ARCHIVED' },
		{ name: 'Lost', value: 'LOST' },
		{ name: 'Open (Reopen)', value: 'OPEN' },
		{ name: 'Won', value: 'WON' },
	],
	default: 'WON',
	description: 'Mark the deal won or lost, archive the card, or reopen it; Lost on a sales panel needs a Lost Reason',
};
const STATUSES = optionValues(statusField);

/** The card's panel, read only when a field needs it (a step, a status Lost, custom fields). */
export async function panelOfCard(context: IExecuteFunctions, id: string, itemIndex: number): Promise<string> {
	const card = (await helenaRequest.call(context, {
		service: 'crm',
		method: 'GET',
		path: apiPath`/v2/panel/card/${id}`,
		itemIndex,
		records: [cardRecord(id)],
	})) as IDataObject;
	return String(card.panelId);
}

/** Status, and the Lost Reason it needs on a sales panel (checked against the card's panel). */
export async function readStatus(
	context: IExecuteFunctions,
	values: IDataObject,
	body: IDataObject,
	panel: () => Promise<string>,
	itemIndex: number,
) {
	const lostReasonId = optionalLocatorUuid(context, values.lostReason, 'Lost Reason', itemIndex);
	if (values.status === undefined) {
		if (lostReasonId) throw invalidInput(context, 'Lost Reason', 'needs Status set to Lost', itemIndex);
		return;
	}
	body.status = readOption(context, values.status, STATUSES, 'Status', itemIndex);
	if (body.status !== 'LOST') {
		if (lostReasonId) throw invalidInput(context, 'Lost Reason', `needs Status set to Lost, not ${String(body.status)}`, itemIndex);
		return;
	}
	const panelId = await panel();
	if (lostReasonId) {
		const reasons = await panelLostReasons(context, panelId, itemIndex);
		if (!reasons.some((reason) => String(reason.id).toLowerCase() === lostReasonId.toLowerCase())) {
			throw invalidInput(
				context,
				'Lost Reason',
				`"${lostReasonId}" is not a lost reason of the card's panel`,
				itemIndex,
				`Lost reasons of this panel: ${reasons.map((reason) => String(reason.description)).join(', ') || '(none)'}`,
			);
		}
		body.lostReasonId = lostReasonId;
	} else if ((await panelWithSteps(context, panelId, itemIndex)).type === 'SALES') {
		throw invalidInput(
			context,
			'Lost Reason',
			'is required to mark a card of a sales panel Lost',
			itemIndex,
			"Pick one of the panel's lost reasons",
		);
	}
}
