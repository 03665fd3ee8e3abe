import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { SandboxFixture } from '../engine/sandbox';
import { TEST_API_KEY, useSandbox } from '../engine/sandbox';

/** The moment Helena's clock stands at when each test starts. */
export const STORY_START = '2026-11-20T10:00:00.000Z';

/**
 * A demo Helena whose clock moves only when the story says so (`later`), with list pages in a stable
 * order, reset before each test; the real clock comes back after the file.
 */
export function useContactStory() {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.setPageOrder('sorted');
		helena.sandbox.setClock({ real: true });
		helena.sandbox.setClock({ at: STORY_START, frozen: true });
		helena.sandbox.clearRequests();
	});
	afterAll(() => helena.sandbox.setClock({ real: true }));
	const later = (ms = 1_000) => helena.sandbox.setClock({ advanceMs: ms });
	return { helena, later };
}

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
