import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { NodeOperationError } from 'n8n-workflow';

import { perExecutionAndKey } from '../../helpers';
import { apiPath, fetchAllPages, helenaRequest } from '../../transport';
import { panelRecord } from './locators';

/* What the card operations read about a panel before they write: its steps, custom fields, lost reasons. */

/** Reads made once per execution and panel, so a thousand items of one panel read it once. */
const once = perExecutionAndKey<IExecuteFunctions>();

/** The panel with its steps (`steps`, each with id and title) and its type. */
export async function panelWithSteps(context: IExecuteFunctions, panelId: string, itemIndex: number): Promise<IDataObject> {
	return await once(
		context,
		`panel:${panelId.toLowerCase()}`,
		async () =>
			(await helenaRequest.call(context, {
				service: 'crm',
				method: 'GET',
				path: apiPath`/v1/panel/${panelId}`,
				qs: { IncludeDetails: ['Steps'] },
				itemIndex,
				records: [panelRecord(panelId)],
			})) as IDataObject,
	);
}

/** The panel's custom field definitions (flat; groups hold no value). */
export async function panelCustomFields(context: IExecuteFunctions, panelId: string, itemIndex: number): Promise<IDataObject[]> {
	return await once(context, `fields:${panelId.toLowerCase()}`, async () => {
		const list = (await helenaRequest.call(context, {
			service: 'crm',
			method: 'GET',
			path: apiPath`/v1/panel/${panelId}/custom-fields`,
			qs: { NestedList: false },
			itemIndex,
			answer: 'list',
			records: [panelRecord(panelId)],
		})) as IDataObject[] | null;
		return (list ?? []).filter((definition) => definition.type !== 'GROUP');
	});
}

/** Every lost reason of a sales panel. */
export async function panelLostReasons(context: IExecuteFunctions, panelId: string, itemIndex: number): Promise<IDataObject[]> {
	return await once(
		context,
		`reasons:${panelId.toLowerCase()}`,
		async () => await lostReasonPages(context, panelId, itemIndex, { returnAll: true }),
	);
}

export async function lostReasonPages(
	context: IExecuteFunctions,
	panelId: string,
	itemIndex: number,
	paging: { returnAll: boolean; limit?: number },
): Promise<IDataObject[]> {
	return await fetchAllPages.call(
		context,
		(PageNumber, PageSize) => ({
			service: 'crm',
			method: 'GET',
			path: apiPath`/v1/panel/${panelId}/lost-reason`,
			qs: { PageNumber, PageSize },
			itemIndex,
			records: [panelRecord(panelId)],
		}),
		paging,
	);
}

/** The step of `panelId` with this ID; a step of another panel (or none) is refused before any write. */
export async function requireStepOfPanel(
	context: IExecuteFunctions,
	panelId: string,
	stepId: string,
	label: string,
	itemIndex: number,
): Promise<IDataObject> {
	const panel = await panelWithSteps(context, panelId, itemIndex);
	const steps = (panel.steps as IDataObject[] | null) ?? [];
	const step = steps.find((candidate) => String(candidate.id).toLowerCase() === stepId.toLowerCase());
	if (!step) {
		throw new NodeOperationError(
			context.getNode(),
			`${label} "${stepId}" is not a step of the panel "${String(panel.title ?? panelId)}" (item ${itemIndex})`,
			{
				itemIndex,
				description: `Steps of this panel: ${steps.map((candidate) => `${String(candidate.title)} (${String(candidate.id)})`).join(', ') || '(none)'}`,
			},
		);
	}
	return step;
}
