import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../engine/sandbox';
import { byId, fromList, requestsSent } from '../helpers/requests';

const MISSING = '0b0b0b0b-0000-4000-8000-000000000000';

describe('Webhook resource', () => {
	const helena = useSandbox({ seed: 'empty' });

	/** A subscription made through the node, with the request log cleared afterwards. */
	async function subscribe(name: string, url: string, events = ['SESSION_NEW']): Promise<IDataObject> {
		const { items, error } = await helena.run({ resource: 'webhook', operation: 'create', name, url, events });
		if (error) throw error;
		helena.sandbox.clearRequests();
		return items[0].json;
	}

	beforeEach(() => {
		helena.sandbox.reset('empty');
		helena.sandbox.clearRequests();
	});

	describe('Get Events', () => {
		test('outputs one item per event', async () => {
			const { items, error } = await helena.run({ resource: 'webhook', operation: 'getEvents' });

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([{ method: 'GET', path: '/core/v1/webhook/event', query: {}, body: undefined }]);
			expect(items).toHaveLength(16);
			expect(items[0].json).toEqual({ event: 'SESSION_NEW', description: 'Atendimento criado' });
		});
	});

	describe('Create Subscription', () => {
		test('checks the events against Get Events, then posts the subscription', async () => {
			const { items, error } = await helena.run({
				resource: 'webhook',
				operation: 'create',
				name: 'Orders',
				url: 'https://n8n.example.com/webhook/orders',
				events: ['SESSION_NEW', 'CONTACT_UPDATE'],
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{ method: 'GET', path: '/core/v1/webhook/event', query: {}, body: undefined },
				{
					method: 'POST',
					path: '/core/v1/webhook/subscription',
					query: {},
					body: {
						name: 'Orders',
						url: 'https://n8n.example.com/webhook/orders',
						enabled: true,
						events: ['SESSION_NEW', 'CONTACT_UPDATE'],
					},
				},
			]);
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				id: expect.any(String),
				name: 'Orders',
				url: 'https://n8n.example.com/webhook/orders',
				enabled: true,
				events: [
					{ event: 'SESSION_NEW', description: 'Atendimento criado' },
					{ event: 'CONTACT_UPDATE', description: 'Contato alterado' },
				],
			});
		});

		test('a name of 101 characters is refused before any request', async () => {
			const { error } = await helena.run({
				resource: 'webhook',
				operation: 'create',
				name: 'n'.repeat(101),
				url: 'https://n8n.example.com/webhook/x',
				events: ['SESSION_NEW'],
			});

			expect(error?.message).toBe('Name must be 1 to 100 characters long; it has 101 (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('a URL of 501 characters is refused before any request', async () => {
			const url = `https://n8n.example.com/${'u'.repeat(501 - 'https://n8n.example.com/'.length)}`;
			const { error } = await helena.run({
				resource: 'webhook',
				operation: 'create',
				name: 'Long',
				url,
				events: ['SESSION_NEW'],
			});

			expect(url).toHaveLength(501);
			expect(error?.message).toBe('URL must be 1 to 500 characters long; it has 501 (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});
	});

	describe('Get Many Subscriptions', () => {
		test('outputs one item per subscription, enabled or not', async () => {
			const orders = await subscribe('Orders', 'https://n8n.example.com/webhook/orders');
			const paused = await subscribe('Paused', 'https://n8n.example.com/webhook/paused');
			await helena.run({
				resource: 'webhook',
				operation: 'update',
				subscription: byId(String(paused.id)),
				updateFields: { enabled: false },
			});
			helena.sandbox.clearRequests();

			const { items, error } = await helena.run({ resource: 'webhook', operation: 'getAll' });

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([{ method: 'GET', path: '/core/v1/webhook/subscription', query: {}, body: undefined }]);
			expect(items.map((item) => [item.json.id, item.json.name, item.json.enabled])).toEqual([
				[orders.id, 'Orders', true],
				[paused.id, 'Paused', false],
			]);
		});

		test('no subscriptions means no items', async () => {
			const { items, error } = await helena.run({ resource: 'webhook', operation: 'getAll' });

			expect(error).toBeUndefined();
			expect(items).toEqual([]);
		});
	});

	describe('Get Subscription', () => {
		test('reads the subscription picked from the list', async () => {
			const orders = await subscribe('Orders', 'https://n8n.example.com/webhook/orders');

			const { items, error } = await helena.run({
				resource: 'webhook',
				operation: 'get',
				subscription: fromList(String(orders.id), 'Orders (https://n8n.example.com/webhook/orders)'),
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{ method: 'GET', path: `/core/v1/webhook/subscription/${orders.id}`, query: {}, body: undefined },
			]);
			expect(items.map((item) => item.json)).toEqual([orders]);
		});

		test('an unknown subscription is reported as not found', async () => {
			const { error } = await helena.run({ resource: 'webhook', operation: 'get', subscription: byId(MISSING) });

			expect(error?.message).toBe(`The webhook subscription with ID "${MISSING}" was not found in Helena`);
			expect(helena.apiRequests()).toHaveLength(1);
		});
	});

	describe('Update Subscription', () => {
		test('sends the fields that were set and names them in `fields`', async () => {
			const orders = await subscribe('Orders', 'https://n8n.example.com/webhook/orders');

			const { items, error } = await helena.run({
				resource: 'webhook',
				operation: 'update',
				subscription: byId(String(orders.id)),
				updateFields: {
					name: 'Orders v2',
					url: 'https://n8n.example.com/webhook/orders-v2',
					events: ['MESSAGE_RECEIVED'],
					enabled: false,
				},
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{ method: 'GET', path: '/core/v1/webhook/event', query: {}, body: undefined },
				{
					method: 'PUT',
					path: `/core/v1/webhook/subscription/${orders.id}`,
					query: {},
					body: {
						fields: ['Name', 'Url', 'Events', 'Enabled'],
						name: 'Orders v2',
						url: 'https://n8n.example.com/webhook/orders-v2',
						enabled: false,
						events: ['MESSAGE_RECEIVED'],
					},
				},
			]);
			expect(items.map((item) => item.json)).toEqual([
				{
					...orders,
					updatedAt: expect.any(String),
					name: 'Orders v2',
					url: 'https://n8n.example.com/webhook/orders-v2',
					enabled: false,
					events: [{ event: 'MESSAGE_RECEIVED', description: 'Mensagem recebida' }],
				},
			]);
		});

		test('a single field changes only that field, with no event look-up', async () => {
			const orders = await subscribe('Orders', 'https://n8n.example.com/webhook/orders');

			const { items } = await helena.run({
				resource: 'webhook',
				operation: 'update',
				subscription: byId(String(orders.id)),
				updateFields: { enabled: false },
			});

			expect(requestsSent(helena).map(({ method, body }) => ({ method, body }))).toEqual([
				{ method: 'PUT', body: { fields: ['Enabled'], enabled: false } },
			]);
			expect(items[0].json).toMatchObject({ name: 'Orders', enabled: false, events: orders.events });
		});

		test('an update with nothing set is a clear error and sends nothing', async () => {
			const orders = await subscribe('Orders', 'https://n8n.example.com/webhook/orders');

			const { error } = await helena.run({
				resource: 'webhook',
				operation: 'update',
				subscription: byId(String(orders.id)),
			});

			expect(error?.message).toBe('Update Fields is empty: add at least one field to change (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('a name of 101 or a URL of 501 characters is refused before any request', async () => {
			const orders = await subscribe('Orders', 'https://n8n.example.com/webhook/orders');
			const subscription = byId(String(orders.id));

			const longName = await helena.run({
				resource: 'webhook',
				operation: 'update',
				subscription,
				updateFields: { name: 'n'.repeat(101), events: ['SESSION_NEW'] },
			});
			const longUrl = await helena.run({
				resource: 'webhook',
				operation: 'update',
				subscription,
				updateFields: { url: `https://x.example/${'u'.repeat(483)}`, events: ['SESSION_NEW'] },
			});

			expect(longName.error?.message).toBe('Name must be 1 to 100 characters long; it has 101 (item 0)');
			expect(longUrl.error?.message).toBe('URL must be 1 to 500 characters long; it has 501 (item 0)');
			expect(helena.apiRequests()).toHaveLength(0);
		});

		test('an event Helena does not list is refused before the update', async () => {
			const orders = await subscribe('Orders', 'https://n8n.example.com/webhook/orders');

			const { error } = await helena.run({
				resource: 'webhook',
				operation: 'update',
				subscription: byId(String(orders.id)),
				updateFields: { events: ['SESSION_NEW', 'NOT_AN_EVENT'] },
			});

			expect(error?.message).toBe('Event Names or IDs contains "NOT_AN_EVENT", which Helena does not list (item 0)');
			expect(requestsSent(helena).map((request) => request.method)).toEqual(['GET']);
		});

		test('an unknown subscription is reported as not found', async () => {
			const { error } = await helena.run({
				resource: 'webhook',
				operation: 'update',
				subscription: byId(MISSING),
				updateFields: { name: 'Ghost' },
			});

			expect(error?.message).toBe(`The webhook subscription with ID "${MISSING}" was not found in Helena`);
		});
	});

	describe('Delete Subscription', () => {
		test('deletes the subscription and outputs { deleted, id }', async () => {
			const orders = await subscribe('Orders', 'https://n8n.example.com/webhook/orders');

			const { items, error } = await helena.run({
				resource: 'webhook',
				operation: 'delete',
				subscription: byId(String(orders.id)),
			});

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{ method: 'DELETE', path: `/core/v1/webhook/subscription/${orders.id}`, query: {}, body: undefined },
			]);
			expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: orders.id }]);
			expect(helena.sandbox.state.subscriptions.size).toBe(0);
		});

		test('deleting a subscription that does not exist says it was not found', async () => {
			const { error } = await helena.run({ resource: 'webhook', operation: 'delete', subscription: byId(MISSING) });

			expect(error?.message).toBe(`The webhook subscription with ID "${MISSING}" was not found in Helena`);
			expect(helena.apiRequests()).toHaveLength(1);
		});
	});
});
