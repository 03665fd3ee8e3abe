import { runListSearch } from '../engine/runMethod';
import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';
import { requestsSent } from '../helpers/requests';

describe('department resource-locator list', () => {
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
		expect(requestsSent(helena)).toEqual([{ method: 'GET', path: '/core/v2/department', query: {}, body: undefined }]);
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

	test('a list that cannot be loaded reports why', async () => {
		await expect(runListSearch('searchDepartments', { credentials: { ...helena.credentials, apiKey: 'wrong' } })).rejects.toThrow(
			'Helena rejected the API key (401 Unauthorized)',
		);
	});
});
