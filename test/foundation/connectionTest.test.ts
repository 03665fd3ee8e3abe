import type { IDataObject, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { HelenaApi } from '../../credentials/HelenaApi.credentials';
import { serviceUrl } from '../../nodes/Helena/transport/url';
import { useSandbox } from '../engine/sandbox';

/*
 * Test Connection's request is n8n's own (CredentialsTester runs it; the e2e suite
 * test/e2e/suites/2-credential-test.mjs checks the words a user sees). Here: its Base URL
 * expression, evaluated by n8n-workflow's expression engine as n8n does, gives the address the
 * node's transport would use, and sends a Base URL the node refuses nowhere.
 */
const credential = new HelenaApi();
const node = {
	id: 'helena',
	name: 'Helena',
	type: 'n8n-nodes-helena.helena',
	typeVersion: 1,
	position: [0, 0] as [number, number],
	parameters: {},
};
const NOWHERE = 'http://base-url-not-usable.invalid/core';

function testBaseUrl(baseUrl: string): unknown {
	const nodeTypes = {
		getByName: () => undefined,
		getByNameAndVersion: () => undefined,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const node = { id: 'temp', name: 'Temp-Node', type: 'noOp', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getParameterValue(credential.test.request.baseURL as string, null, 0, 0, node.name, [], 'internal', {
		$credentials: { baseUrl } as IDataObject,
	});
}

describe("Test Connection's request", () => {
	test.each([
		['https://api.wts.chat', 'https://api.wts.chat/core'],
		['  https://api.wts.chat/  ', 'https://api.wts.chat/core'],
		['https://api.wts.chat/core', 'https://api.wts.chat/core'],
		['https://api.wts.chat/core/v1', 'https://api.wts.chat/core'],
		['https://api.wts.chat/core/v2/', 'https://api.wts.chat/core'],
		['https://api.wts.chat/v1', 'https://api.wts.chat/core'],
		['https://api.wts.chat/CORE/V1//', 'https://api.wts.chat/core'],
		['http://127.0.0.1:5678/helena', 'http://127.0.0.1:5678/helena/core'],
		['http://[::1]:8080', 'http://[::1]:8080/core'],
		['https://api.wts.chat/crm', 'https://api.wts.chat/core'],
		['https://api.wts.chat/crm/v1', 'https://api.wts.chat/core'],
		['https://api.wts.chat/CRM/V2/', 'https://api.wts.chat/core'],
		['http://[::1]:8080/crm', 'http://[::1]:8080/core'],
		['https://api.wts.chat/chat/v1', 'https://api.wts.chat/core'],
		['http://helena_proxy:5681', 'http://helena_proxy:5681/core'],
		['http://helena_proxy:5681/crm/v2', 'http://helena_proxy:5681/core'],
		['https://api.ñandú.com.br', 'https://api.ñandú.com.br/core'],
		['HTTPS://API.WTS.CHAT:443/core', 'https://api.wts.chat/core'],
		['http://127.0.0.1:80/helena/', 'http://127.0.0.1/helena/core'],
	])('"%s" is read as %s, the address of the node\'s own requests', (baseUrl, expected) => {
		expect(testBaseUrl(baseUrl)).toBe(expected);
		expect(serviceUrl(node, baseUrl, 'core')).toBe(expected);
	});

	test.each([
		'https://api.wts.chat?tenant=1',
		'https://api.wts.chat/#team',
		'https://alice:s3cret@api.wts.chat',
		'https://alice@api.wts.chat',
		'ftp://admin:Pa55w0rd@api.wts.chat',
		'api.wts.chat',
		'http://api wts.chat',
		'http://[::1',
		'http://api.wts.chat:65536',
		'http://api.wts.chat:',
		'http://api.wts.chat/a\tb',
		'',
	])('"%s" (refused by the node) is sent nowhere: a reserved .invalid host', (baseUrl) => {
		expect(testBaseUrl(baseUrl)).toBe(NOWHERE);
		expect(() => serviceUrl(node, baseUrl, 'core')).toThrow(/^Base URL in the Helena API credential /);
	});

	test('a 200 that is not the event list fails: the first entry must name an event', () => {
		expect(credential.test.rules).toEqual([
			{ type: 'responseSuccessBody', properties: expect.objectContaining({ key: 'event', value: undefined }) },
		]);
		expect(credential.test.request).toMatchObject({
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		});
	});
});

/*
 * The same Base URL, through the node and through Test Connection, reaches the same address: the node's first request
 * (Webhook → Get Events reads the event list, as Test Connection does) and the test request n8n builds from the
 * credential (its baseURL expression, then its url), both sent to the sandbox.
 */
describe('Test Connection asks where the node asks', () => {
	const helena = useSandbox();

	test.each(['/crm', '/crm/v1', '/CRM/V2/', '/core/v1', ''])(
		'a Base URL ending in "%s": both read GET /core/v1/webhook/event',
		async (suffix) => {
			const baseUrl = `${helena.sandbox.url}${suffix}`;
			helena.sandbox.clearRequests();

			const { error } = await helena.run({ resource: 'webhook', operation: 'getEvents' }, { credentials: { baseUrl } });
			const testUrl = `${String(testBaseUrl(baseUrl))}${String(credential.test.request.url)}`;
			const answer = await fetch(testUrl, { headers: { authorization: `Bearer ${helena.credentials.apiKey}` } });

			expect(error).toBeUndefined();
			expect(answer.status).toBe(200);
			expect(helena.sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				'GET /core/v1/webhook/event',
				'GET /core/v1/webhook/event',
			]);
		},
	);
});
