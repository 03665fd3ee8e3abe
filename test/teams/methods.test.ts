import { runListSearch, runLoadOptions } from '../engine/runMethod';
import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';
import { requestsSent } from './requests';

describe('resource-locator lists and dropdowns', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('the department list shows every department by name, sorted, with its ID', async () => {
		const { results } = await runListSearch('searchDepartments', { credentials: helena.credentials });

		expect(results).toEqual([
			{ name: 'Financeiro', value: demo.departmentId('Financeiro') },
			{ name: 'Suporte', value: demo.departmentId('Suporte') },
			{ name: 'Vendas', value: demo.departmentId('Vendas') },
		]);
		expect(requestsSent(helena)).toEqual([
			{ method: 'GET', path: '/core/v2/department', query: {}, body: undefined },
		]);
	});

	test('the department list keeps the names that contain the typed text, ignoring case', async () => {
		const { results } = await runListSearch('searchDepartments', {
			credentials: helena.credentials,
			parameters: { resource: 'department', operation: 'get' },
			path: 'parameters.department',
			filter: 'S',
		});

		expect(results).toEqual([
			{ name: 'Suporte', value: demo.departmentId('Suporte') },
			{ name: 'Vendas', value: demo.departmentId('Vendas') },
		]);
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
		expect(filtered.results).toEqual([
			{ name: 'Orders (https://n8n.example.com/webhook/orders)', value: created.Orders },
		]);
		expect(requestsSent(helena).map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /core/v1/webhook/subscription',
			'GET /core/v1/webhook/subscription',
		]);
	});

	test('the events dropdown lists the events Helena offers, explained in English beside Helena\'s words', async () => {
		const options = await runLoadOptions('getWebhookEvents', { credentials: helena.credentials });

		expect(options).toHaveLength(16);
		expect(options[0]).toEqual({
			name: 'SESSION_NEW',
			value: 'SESSION_NEW',
			description: 'A conversation opened (Atendimento criado)',
		});
	});

	test('an event Helena adds later keeps Helena\'s description', async () => {
		helena.sandbox.state.events.push({ event: 'TEMPLATE_NEW', description: 'Template criado' });
		const options = await runLoadOptions('getWebhookEvents', { credentials: helena.credentials });

		expect(options.at(-1)).toEqual({ name: 'TEMPLATE_NEW', value: 'TEMPLATE_NEW', description: 'Template criado' });
	});

	test('a list that cannot be loaded reports why', async () => {
		await expect(
			runListSearch('searchDepartments', { credentials: { ...helena.credentials, apiKey: 'wrong' } }),
		).rejects.toThrow('Helena rejected the API key (401 Unauthorized)');
	});
});
