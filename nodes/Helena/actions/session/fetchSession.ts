import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiPath, helenaRequest } from '../../transport';
import { sessionRecord } from '../chat/locators';

/** The conversation as Helena holds it now: what a change outputs when its repeat found the change made already. */
export async function fetchSession(context: IExecuteFunctions, id: string, itemIndex: number): Promise<IDataObject> {
	return (await helenaRequest.call(context, {
		service: 'chat',
		method: 'GET',
		path: apiPath`/v2/session/${id}`,
		itemIndex,
		records: [sessionRecord(id)],
	})) as IDataObject;
}
