import type { INodeParameters } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import { HelenaApi } from '../../credentials/HelenaApi.credentials';
import { useTrigger } from '../engine/runTrigger';
import { TEST_API_KEY, useSandbox } from '../engine/sandbox';
import { useOtherHost } from './otherHost';

import { demo } from '../sandbox';

/** Everything n8n logs while these tests run, at every level including debug, with its metadata. */
const logged: string[] = [];
const recordingLogger = Object.fromEntries(
	(['error', 'warn', 'info', 'debug'] as const).map((level) => [
		level,
		(message: string, meta?: unknown) => logged.push(`${level} ${message} ${JSON.stringify(meta ?? {})}`),
	]),
);

const getEvents = { resource: 'webhook', operation: 'getEvents' };
const createContact = { resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|11955550000' };
const updateContact = {
	resource: 'contact',
	operation: 'update',
	contact: { __rl: true, mode: 'id', value: demo.contactId(1) },
	updateFields: { annotation: 'x' },
};
const deleteSubscription = {
	resource: 'webhook',
	operation: 'delete',
	subscription: { __rl: true, mode: 'id', value: '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
};

/** One operation per endpoint family, each valid against the demo seed. */
const everyKindOfRequest: Array<[string, INodeParameters]> = [
	['Contact > Get Many', { resource: 'contact', operation: 'getAll', returnAll: true }],
	['Contact > Search', { resource: 'contact', operation: 'search', textFilter: 'maria', limit: 5 }],
	[
		'Contact > Get by phone',
		{ resource: 'contact', operation: 'get', contact: { __rl: true, mode: 'phone', value: demo.contactPhone(1) } },
	],
	['Contact > Create', createContact],
	['Contact > Update', updateContact],
	[
		'Contact > Tags',
		{ resource: 'contact', operation: 'updateTags', contact: { __rl: true, mode: 'id', value: demo.contactId(2) }, tagNames: 'VIP' },
	],
	['Contact > Create or Update Many', { resource: 'contact', operation: 'upsertMany' }],
	['Contact > Custom fields', { resource: 'contact', operation: 'getCustomFields' }],
	['Department > Get Many', { resource: 'department', operation: 'getAll' }],
	['Department > Create', { resource: 'department', operation: 'create', name: 'Plantão' }],
	[
		'Department > Get Channels',
		{ resource: 'department', operation: 'getChannels', department: { __rl: true, mode: 'id', value: demo.departmentId('Suporte') } },
	],
	['Webhook > Get Events', getEvents],
	[
		'Webhook > Create',
		{ resource: 'webhook', operation: 'create', name: 'CRM', url: 'https://crm.example.com/hook', events: ['CONTACT_NEW'] },
	],
	['Webhook > Get Many', { resource: 'webhook', operation: 'getAll' }],
];

describe('secrets: the API key goes to the Base URL host only, and never into output, errors or logs', () => {
	const helena = useSandbox();
	const other = useOtherHost();
	const startTrigger = useTrigger(helena);
	beforeAll(() => {
		// n8n-core logs through both: LoggerProxy (the engine) and the Logger service (node contexts).
		Container.set(Logger, { ...recordingLogger, scoped: () => recordingLogger } as unknown as Logger);
		LoggerProxy.init(recordingLogger as never);
	});
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
		helena.sandbox.setFaults({ redirectTo: undefined, rate429: 0, rate5xx: 0 });
	});

	const sandboxHost = () => new URL(helena.sandbox.url).host;
	const expectNoKeyIn = (what: unknown) => expect(JSON.stringify(what)).not.toContain(TEST_API_KEY);

	test.each(everyKindOfRequest)('%s: every request goes to the Base URL host and nowhere else', async (_name, parameters) => {
		const { error } = await helena.run(parameters, {
			items: parameters.operation === 'upsertMany' ? [{ name: 'Bia', phoneNumber: '+55|11955551111' }] : undefined,
		});

		expect(error).toBeUndefined();
		const requests = helena.apiRequests();
		expect(requests.length).toBeGreaterThan(0);
		for (const request of requests) {
			expect(request.headers.host).toBe(sandboxHost());
			expect(request.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
		}
		expect(other.requests).toEqual([]);
	});

	test.each([
		['GET', getEvents],
		['POST', createContact],
		['PUT', updateContact],
		['DELETE', deleteSubscription],
	])('a %s redirected to another host is not followed: that host hears nothing, the error says why', async (method, parameters) => {
		helena.sandbox.setFaults({ redirectTo: other.url });

		const { items, error } = await helena.run(parameters);

		expect(items).toEqual([]);
		expect(error?.message).toBe(`Helena answered 307, a redirect to ${other.url}, which the node does not follow`);
		expect(error?.description).toContain('The API key is sent only to the host of the Base URL');
		expect(helena.apiRequests().map((request) => [request.method, request.status])).toEqual([[method, 307]]);
		expect(other.requests).toEqual([]);
		expectNoKeyIn([error, error?.message, error?.description, error?.stack]);
	});

	test("the credential's Test Connection request does not follow redirects either (proven in a real n8n by the e2e suite)", () => {
		expect(new HelenaApi().test.request).toMatchObject({ disableFollowRedirect: true, sendCredentialsOnCrossOriginRedirect: false });
	});

	test("the trigger's activation is not redirected either", async () => {
		helena.sandbox.setFaults({ redirectTo: other.url });
		const trigger = await startTrigger();

		await expect(trigger.activate()).rejects.toThrow(`Helena answered 307, a redirect to ${other.url}`);

		expect(other.requests).toEqual([]);
	});

	test.each(['//127.0.0.2:1/x', 'user@127.0.0.2:1', 'http://127.0.0.2:1/', '../../../v1/webhook/event', '?x=1#y'])(
		// the phone reader refuses it before the path is built (test/reliability/phoneNumbers.test.ts)
		'a phone number "%s" is refused before any request: nothing reaches the Base URL host or another',
		async (phone) => {
			const typed = phone.replace(':1', `:${new URL(other.url).port}`);

			const { error } = await helena.run({ resource: 'contact', operation: 'get', contact: { __rl: true, mode: 'phone', value: typed } });

			expect(error?.message).toMatch(/^Contact must be a phone number with country code \(10 to 15 digits\), not /);
			expect(helena.apiRequests()).toEqual([]);
			expect(other.requests).toEqual([]);
		},
	);

	test('neither output nor errors nor the debug log carry the key, whatever happens', async () => {
		logged.length = 0;
		const runs = [];
		runs.push(await helena.run({ resource: 'contact', operation: 'getAll', returnAll: true, simple: false }));
		runs.push(await helena.run(getEvents, { credentials: { apiKey: `${TEST_API_KEY}-revoked` } }));
		helena.sandbox.failNext(10, { status: 429, retryAfterSeconds: 0 });
		runs.push(await helena.run(getEvents));
		helena.sandbox.failNext(1, { status: 503, method: 'POST' });
		runs.push(await helena.run(createContact));
		runs.push(await helena.run(getEvents, { credentials: { baseUrl: 'http://127.0.0.1:9' } }));
		runs.push(await helena.run(getEvents, { credentials: { baseUrl: 'ftp://127.0.0.1' } }));
		runs.push(await helena.run({ ...updateContact, contact: { __rl: true, mode: 'id', value: demo.contactId(999) } }));
		runs.push(await helena.run({ ...updateContact, updateFields: {} }, { continueOnFail: true }));
		helena.sandbox.failNext(1, { status: 0 });
		runs.push(await helena.run(createContact, { continueOnFail: true }));
		const trigger = await startTrigger();
		helena.sandbox.failNext(1, { status: 503, method: 'POST' });
		await expect(trigger.activate()).rejects.toThrow('Helena answered 503');
		await trigger.activate();
		await helena.sandbox.deliver('SESSION_NEW');
		await trigger.idle();
		await trigger.deactivate();

		expect(runs.filter((run) => run.error || run.items.some((item) => item.json.error))).toHaveLength(8);
		for (const { items, error, run } of runs) {
			expectNoKeyIn(items);
			expectNoKeyIn([error, error?.message, error?.description, error?.stack]);
			expectNoKeyIn(run.data);
		}
		expectNoKeyIn(trigger.calls);
		expect(logged.filter((line) => line.startsWith('debug')).length).toBeGreaterThan(20);
		expect(logged.join('\n')).not.toContain(TEST_API_KEY);
	});
});
