import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { SandboxFixture } from '../engine/sandbox';
import { TEST_API_KEY } from '../engine/sandbox';

/** Someone working in Helena: creates, renames, archives contacts over the API, as the web app would. */
export function helenaUser(fixture: SandboxFixture) {
	const call = async (method: string, path: string, body?: IDataObject): Promise<IDataObject> => {
		const response = await fetch(`${fixture.sandbox.url}/core${path}`, {
			method,
			headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
			body: body ? JSON.stringify(body) : undefined,
		});
		const json = (await response.json()) as IDataObject;
		if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
		return json;
	};
	return {
		create: async (name: string) => await call('POST', '/v1/contact', { name }),
		rename: async (id: unknown, name: string) => await call('PUT', `/v2/contact/${String(id)}`, { name, fields: ['Name'] }),
		setStatus: async (id: unknown, status: string) => await call('PUT', `/v2/contact/${String(id)}`, { status, fields: ['Status'] }),
	};
}

/** The contact requests the trigger sent, as their query strings. */
export function listQueries(fixture: SandboxFixture): IDataObject[] {
	return fixture
		.apiRequests()
		.filter((request) => request.path === '/core/v1/contact' && request.method === 'GET')
		.map((request) => request.query);
}

/** "event name" of each item of one execution, to compare with what the user did. */
export function eventsOf(items: INodeExecutionData[] | null | undefined): string[] {
	return (items ?? []).map((item) => `${String(item.json.event)} ${String(item.json.name)}`);
}
