import { runListSearch, runLoadOptions } from '../engine/runMethod';
import { useSandbox } from '../engine/sandbox';
import { requestsSent } from '../helpers/requests';

describe('subscription list and events dropdown', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('the subscription list shows "name (url)" without the query string, and filters by name', async () => {
		const created: Record<string, string> = {};
		for (const [name, url] of [
			['Orders', 'https://n8n.example.com/webhook/orders?token=s3cr3t'],
			['Contacts', 'https://n8n.example.com/webhook/contacts'],
		]) {
			const { items } = await helena.run({ resource: 'webhook', operation: 'create', name, url, events: ['SESSION_NEW'] });
			created[name] = String(items[0].json.id);
		}
		helena.sandbox.clearRequests();

		const all = await runListSearch('searchSubscriptions', { credentials: helena.credentials });
		const filtered = await runListSearch('searchSubscriptions', { credentials: helena.credentials, filter: 'ord' });

		expect(all.results).toEqual([
			{ name: 'Contacts (https://n8n.example.com/webhook/contacts)', value: created.Contacts },
			{ name: 'Orders (https://n8n.example.com/webhook/orders)', value: created.Orders },
		]);
		expect(filtered.results).toEqual([{ name: 'Orders (https://n8n.example.com/webhook/orders)', value: created.Orders }]);
		expect(requestsSent(helena).map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /core/v1/webhook/subscription',
			'GET /core/v1/webhook/subscription',
		]);
	});

	test("the events dropdown lists the events Helena offers, explained in English beside Helena's words", async () => {
		const options = await runLoadOptions('getWebhookEvents', { credentials: helena.credentials });

		expect(options).toHaveLength(16);
		expect(options[0]).toEqual({
			name: 'SESSION_NEW',
			value: 'SESSION_NEW',
			description: 'A conversation opened (Atendimento criado)',
		});
	});

	test("an event Helena adds later keeps Helena's description", async () => {
		// bent on purpose: the reference's event list has 16 events; an answer with one more is a Helena ahead of it
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: '/core/v1/webhook/event',
			reshape: (events: object[]) => [...events, { event: 'TEMPLATE_NEW', description: 'Template criado' }],
		});
		const options = await runLoadOptions('getWebhookEvents', { credentials: helena.credentials });

		expect(options.at(-1)).toEqual({ name: 'TEMPLATE_NEW', value: 'TEMPLATE_NEW', description: 'Template criado' });
	});
});
