import { useSandbox } from '../engine/sandbox';
import { runListSearch, runLoadOptions } from '../engine/runMethod';

import { demo } from '../sandbox';

describe('Contact lists in the editor', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('the Contact locator searches by text: POST /v1/contact/filter, "Name (phone)"', async () => {
		const result = await runListSearch('searchContacts', { credentials: helena.credentials, path: 'parameters.contact', filter: 'silva' });

		const [request] = helena.apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/core/v1/contact/filter');
		expect(request.body).toEqual({
			pageNumber: 1,
			pageSize: 100,
			orderBy: 'name',
			orderDirection: 'ASCENDING',
			textFilter: 'silva',
		});
		expect(result).toEqual({
			results: [{ name: 'Maria Silva (+55|11999999999)', value: demo.contactId(1) }],
			paginationToken: undefined,
		});
	});

	test('the list pages with the next page number as the token', async () => {
		helena.sandbox.seedContacts(150);

		const first = await runListSearch('searchContacts', { credentials: helena.credentials, path: 'parameters.contact' });
		const second = await runListSearch('searchContacts', {
			credentials: helena.credentials,
			path: 'parameters.contact',
			paginationToken: first.paginationToken as string,
		});

		expect(helena.apiRequests().map((request) => request.body.pageNumber)).toEqual([1, 2]);
		expect(helena.apiRequests()[0].body).not.toHaveProperty('textFilter');
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('2');
		// 17 active demo contacts + 150 seeded
		expect(second.results).toHaveLength(67);
		expect(second.paginationToken).toBeUndefined();
	});

	test('custom fields to pick by name: value is the key, groups left out, sorted by name', async () => {
		const options = await runLoadOptions('getContactCustomFields', { credentials: helena.credentials });

		expect(helena.apiRequests()[0].path).toBe('/core/v1/contact/custom-field');
		expect(options).toEqual([
			{ name: 'Aceita marketing', value: 'aceita_marketing', description: 'boolean' },
			{ name: 'CPF', value: 'cpf', description: 'string in Dados pessoais' },
			{ name: 'Data de nascimento', value: 'data_nascimento', description: 'date in Dados pessoais' },
			{ name: 'Interesses', value: 'interesses', description: 'multiselect' },
			{ name: 'Plano', value: 'plano', description: 'singleselect' },
			{ name: 'Pontos', value: 'pontos', description: 'integer' },
			{ name: 'Ticket médio', value: 'ticket_medio', description: 'float' },
		]);
	});
});
