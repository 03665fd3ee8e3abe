import { NodeOperationError } from 'n8n-workflow';

import { TRIGGER_NODE_NAME, useTrigger } from '../engine/runTrigger';
import { useSandbox } from '../engine/sandbox';

const STATIC_KEY = `node:${TRIGGER_NODE_NAME}`;

/*
 * Trigger settings that could make every delivery be ignored or refused (#20 class 9): event names set by
 * an expression are normalised, Allowed IP Addresses takes CIDR ranges, and what cannot work is refused
 * at activation, before anything is created in Helena.
 */
describe('Helena Trigger: settings are normalised or refused at activation, never left deaf', () => {
	const helena = useSandbox();
	const startTrigger = useTrigger(helena);
	beforeEach(() => helena.resetToDemo());
	const subscriptions = () => [...helena.sandbox.state.subscriptions.values()];
	const writes = () => helena.apiRequests().filter((request) => request.method !== 'GET');
	const tokenOf = (saved: Record<string, unknown>) => (saved[STATIC_KEY] as { token: string }).token;

	test('events set by an expression in lower case and repeated are subscribed once, in capitals, and deliveries run', async () => {
		const trigger = await startTrigger({ events: '={{ ["session_new", "SESSION_NEW", " Session_New "] }}' });
		await trigger.activate();

		expect(writes().map((request) => [request.method, request.body?.events])).toEqual([['POST', ['SESSION_NEW']]]);
		await helena.sandbox.deliver('SESSION_NEW');
		expect(trigger.executions).toHaveLength(1);

		// activating again finds the same events: no PUT
		helena.sandbox.clearRequests();
		expect(await trigger.activate()).toBe('adopted');
		expect(writes()).toEqual([]);
	});

	test.each([
		['a name with a space', '={{ ["session new"] }}', '"Event Names or IDs" contains "SESSION NEW", which is not a Helena event name'],
		['a name with a dot', '={{ "session.new" }}', '"Event Names or IDs" contains "SESSION.NEW", which is not a Helena event name'],
		['an object', '={{ [{ event: "SESSION_NEW" }] }}', 'Event Names or IDs entry 1 must be text, not an object (item 0)'],
		['a number', '={{ 42 }}', 'Event Names or IDs must be a list or comma-separated text, not number 42 (item 0)'],
	])('events given as %s are refused at activation and nothing is created', async (_name, events, message) => {
		const trigger = await startTrigger({ events });

		const failure = await trigger.activate().catch((error: unknown) => error);

		expect(failure).toBeInstanceOf(NodeOperationError);
		expect((failure as Error).message).toBe(message);
		expect(writes()).toEqual([]);
		expect(subscriptions()).toHaveLength(0);
	});

	test.each([
		['127.0.0.0/8', 200],
		['10.0.0.0/8, 127.0.0.1/32', 200],
		['::ffff:127.0.0.0/104', 200],
		['0.0.0.0/0', 200],
		['10.0.0.0/8', 403],
		['127.0.0.2/32', 403],
		['::1/128', 403],
	])('Allowed IP Addresses "%s": a delivery from 127.0.0.1 is answered %s', async (allowedIps, status) => {
		const trigger = await startTrigger({ events: ['SESSION_NEW'], options: { allowedIps } });
		await trigger.activate();

		const results = await helena.sandbox.deliver('SESSION_NEW');

		expect(results).toEqual([expect.objectContaining({ status })]);
		expect(trigger.executions).toHaveLength(status === 200 ? 1 : 0);
	});

	test('IPv6 ranges: a caller inside 2001:db8::/32 starts a run, one outside is answered 403', async () => {
		const trigger = await startTrigger(
			{ events: ['SESSION_NEW'], options: { allowedIps: '18.215.79.89, 2001:db8::/32' } },
			{ proxyHops: 1 },
		);
		await trigger.activate();
		const url = `${trigger.webhookUrl}?token=${tokenOf(trigger.savedStaticData)}`;
		const delivery = { eventType: 'SESSION_NEW', date: '2024-05-02T10:00:00Z', content: { id: 's1' } };

		const inside = await trigger.post(url, delivery, { 'x-forwarded-for': '2001:db8:ffff::12' });
		const outside = await trigger.post(url, delivery, { 'x-forwarded-for': '2001:db9::12' });
		const helenaSender = await trigger.post(url, delivery, { 'x-forwarded-for': '18.215.79.89' });

		expect([inside.status, outside.status, helenaSender.status]).toEqual([200, 403, 200]);
		expect(trigger.executions).toHaveLength(2);
	});

	test.each(['127.0.0.0/33', 'localhost', '10.0.0.0/8, 300.1.1.1', '2001:db8::/129', '127.0.0.1/8/8'])(
		'Allowed IP Addresses "%s" is refused at activation with a clear error and nothing is created',
		async (allowedIps) => {
			const trigger = await startTrigger({ events: ['SESSION_NEW'], options: { allowedIps } });

			const failure = await trigger.activate().catch((error: unknown) => error);

			expect(failure).toBeInstanceOf(NodeOperationError);
			expect((failure as Error).message).toMatch(/^Allowed IP Addresses contains ".+", which is not an IP address or a CIDR range$/);
			expect(writes()).toEqual([]);
			expect(subscriptions()).toHaveLength(0);
		},
	);

	test('Ignore Unselected Events "false" from an expression runs other events; "maybe" is refused at activation', async () => {
		const trigger = await startTrigger({ events: ['SESSION_NEW'], options: { ignoreUnselectedEvents: '={{ "false" }}' } });
		await trigger.activate();
		const url = `${trigger.webhookUrl}?token=${tokenOf(trigger.savedStaticData)}`;
		await trigger.post(url, { eventType: 'MESSAGE_RECEIVED', content: {} });
		expect(trigger.executions).toHaveLength(1);

		const unsure = await startTrigger({ events: ['SESSION_NEW'], options: { ignoreUnselectedEvents: '={{ "maybe" }}' } });
		await expect(unsure.activate()).rejects.toThrow('Ignore Unselected Events must be true or false, not string "maybe" (item 0)');
	});
});
