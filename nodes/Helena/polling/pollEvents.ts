import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { Change } from './changeCursor';
import { latestRecords } from './changeListing';
import type { ChangeStream } from './pollChanges';
import { pollChanges } from './pollChanges';
import { chosenEvent } from './pollParameters';

/** How a polling trigger names its changes and turns them into items. */
export interface EventReport {
	/** The events chosen in "Trigger On". */
	chosen: string[];
	/** The events that describe a change, most precise first (`start` is the window's start). */
	describe: (change: Change, start: number | undefined) => string[];
	/** The event a manual test's sample (the latest record) comes out as. */
	sampleEvent: (record: IDataObject) => string;
	toItem: (event: string, change: Pick<Change, 'record' | 'previous'>) => INodeExecutionData;
}

/**
 * One check of a polling trigger: in a manual test the latest record as a sample, else each change since the
 * previous check that the user chose an event for.
 */
export async function pollEvents(
	context: IPollFunctions,
	stream: ChangeStream,
	report: EventReport,
): Promise<INodeExecutionData[][] | null> {
	if (context.getMode() === 'manual') {
		const [latest] = await latestRecords(context, stream, 1);
		return latest ? [[report.toItem(report.sampleEvent(latest), { record: latest })]] : null;
	}

	const polled = await pollChanges(context, stream);
	const items: INodeExecutionData[] = [];
	for (const change of polled?.changes ?? []) {
		const event = chosenEvent(report.describe(change, polled!.start), report.chosen);
		if (event) items.push(report.toItem(event, change));
	}
	return items.length ? [items] : null;
}
