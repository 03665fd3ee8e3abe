import type { IDataObject, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { HelenaApi } from '../../credentials/HelenaApi.credentials';

/*
 * Test Connection's request is n8n's own (CredentialsTester runs it; the e2e suite
 * test/e2e/suites/2-credential-test.mjs checks the words a user sees). Here: its Base URL
 * expression, evaluated by n8n-workflow's expression engine as n8n does, gives the address the
 * node's transport would use, and sends a Base URL the node refuses nowhere.
 */
const credential = new HelenaApi();
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
	])('"%s" is read as %s, as the node reads it', (baseUrl, expected) => {
		expect(testBaseUrl(baseUrl)).toBe(expected);
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
		'',
	])('"%s" (refused by the node) is sent nowhere: a reserved .invalid host', (baseUrl) => {
		expect(testBaseUrl(baseUrl)).toBe(NOWHERE);
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
