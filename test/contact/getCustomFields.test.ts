import { useSandbox } from '../engine/sandbox';

import { demo } from '../sandbox';

const getCustomFields = { resource: 'contact', operation: 'getCustomFields' };

describe('Contact > Get Custom Field Definitions', () => {
	const helena = useSandbox();
	beforeEach(() => helena.sandbox.clearRequests());

	test('flat: GET /v1/contact/custom-field?NestedList=false, one item per definition', async () => {
		const { items, error } = await helena.run(getCustomFields);

		expect(error).toBeUndefined();
		const [request] = helena.apiRequests();
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/core/v1/contact/custom-field');
		expect(request.query).toEqual({ NestedList: 'false' });
		expect(items.map((item) => item.json.key)).toEqual([
			null,
			'cpf',
			'data_nascimento',
			'plano',
			'pontos',
			'aceita_marketing',
			'interesses',
			'ticket_medio',
		]);
		expect(items.find((item) => item.json.key === 'plano')?.json).toMatchObject({
			id: demo.customFieldId('plano'),
			type: 'SINGLESELECT',
			name: 'Plano',
			options: [{ name: 'Básico' }, { name: 'Pro' }, { name: 'Enterprise' }],
		});
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('nested: NestedList=true, fields inside their group', async () => {
		const { items } = await helena.run({ ...getCustomFields, nested: true });

		expect(helena.apiRequests()[0].query).toEqual({ NestedList: 'true' });
		const group = items.find((item) => item.json.type === 'GROUP')?.json;
		expect(group).toMatchObject({ name: 'Dados pessoais' });
		expect((group?.children as Array<{ key: string }>).map((child) => child.key)).toEqual(['cpf', 'data_nascimento']);
		expect(items.map((item) => item.json.key)).not.toContain('cpf');
	});
});
