import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { errorsAsShown, withoutApiKey } from '../helpers';
import { credentialApiKey } from '../transport';
import type { ChangeField } from './changeCursor';
import type { ChangeStream } from './pollChanges';
import type { EventReport } from './pollEvents';
import { pollEvents } from './pollEvents';
import { readEvents } from './pollParameters';
import { readStartFrom } from './startFrom';
import type { TriggerDescription } from './triggerDescription';

/** The parameters every polling trigger reads alike, read at each check. */
export interface TriggerParameters {
	/** The events chosen in "Trigger On". */
	events: string[];
	/** `createdAt` when only the event of a new record is chosen (later changes do not matter), else `updatedAt`. */
	field: ChangeField;
	filters: IDataObject;
	options: IDataObject;
}

/** What a polling trigger watches at one check: its listing, and how a change becomes an event and an item. */
export type Watch = Omit<ChangeStream, 'trigger' | 'origin'> & Omit<EventReport, 'chosen'>;

/** A polling trigger: what its node shows, and what it watches with the parameters read. */
export interface PollingTrigger extends TriggerDescription {
	/** Reads its own parameters (they are checked before anything is sent) and says what it watches. */
	watch(context: IPollFunctions, parameters: TriggerParameters): Watch;
}

/** The `poll` of every polling trigger: its parameters read, then one check of what it watches. */
export async function pollTrigger(context: IPollFunctions, trigger: PollingTrigger): Promise<INodeExecutionData[][] | null> {
	// as the action node does: a value mapped into a parameter may hold the key, and no error or item shows it
	const apiKey = await credentialApiKey(context);
	try {
		const output = await checkOnce(context, trigger);
		for (const items of output ?? []) for (const item of items) item.json = withoutApiKey(item.json, apiKey);
		return output;
	} catch (error) {
		throw errorsAsShown(context, apiKey)(error);
	}
}

async function checkOnce(context: IPollFunctions, trigger: PollingTrigger): Promise<INodeExecutionData[][] | null> {
	const events = readEvents(
		context,
		trigger.events.options.map((option) => String(option.value)),
	);
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const { describe, sampleEvent, toItem, ...source } = trigger.watch(context, {
		events,
		field: events.length === 1 && events[0] === trigger.events.created ? 'createdAt' : 'updatedAt',
		filters: context.getNodeParameter('filters', {}) as IDataObject,
		options,
	});
	const stream: ChangeStream = { ...source, trigger: trigger.displayName, origin: readStartFrom(context, options.startFrom) };
	return await pollEvents(context, stream, { chosen: events, describe, sampleEvent, toItem });
}
