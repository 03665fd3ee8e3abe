import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';
import { requestsSent } from '../helpers/requests';

describe('Account resource', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	describe('Get Office Hours', () => {
		test('one item: the days with their periods, the timezone and the away message', async () => {
			const { items, error } = await helena.run({ resource: 'account', operation: 'getOfficeHours' });

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([{ method: 'GET', path: '/core/v1/company/officehours', query: {}, body: undefined }]);
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({ limitHours: true, timezoneDiff: -3 });
			const days = items[0].json.days as Array<{ dayWeek: string; active: boolean; periods: unknown[] }>;
			expect(days.map((day) => day.dayWeek)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
			expect(days[0].periods).toEqual([
				{ startTime: '08:00', endTime: '12:00' },
				{ startTime: '13:00', endTime: '18:00' },
			]);
			expect(days[6]).toMatchObject({ active: false, periods: [] });
		});

		test('an answer that is not an object (an HTML page) is an error, not an item', async () => {
			helena.sandbox.misbehaviour.next({ body: 'html' });

			const { error } = await helena.run({ resource: 'account', operation: 'getOfficeHours' });

			expect(error).toBeDefined();
		});
	});

	describe('Get Custom Field Definitions', () => {
		test('contacts: one item per field, EntityType CONTACT', async () => {
			const { items, error } = await helena.run({ resource: 'account', operation: 'getCustomFields', entityType: 'CONTACT' });

			expect(error).toBeUndefined();
			expect(requestsSent(helena)).toEqual([
				{ method: 'GET', path: '/core/v1/custom-field', query: { EntityType: 'CONTACT', NestedList: 'false' }, body: undefined },
			]);
			expect(items.map((item) => item.json.key)).toEqual(expect.arrayContaining(['cpf', 'plano', 'pontos']));
			expect(items.every((item) => item.json.entityType === 'CONTACT')).toBe(true);
			expect(items.find((item) => item.json.key === 'plano')?.json.id).toBe(demo.customFieldId('plano'));
		});

		test('panels, nested: the groups with their fields inside', async () => {
			const flat = await helena.run({ resource: 'account', operation: 'getCustomFields', entityType: 'PANEL' });
			const nested = await helena.run({ resource: 'account', operation: 'getCustomFields', entityType: 'PANEL', nested: true });

			expect(requestsSent(helena).map((request) => request.query)).toEqual([
				{ EntityType: 'PANEL', NestedList: 'false' },
				{ EntityType: 'PANEL', NestedList: 'true' },
			]);
			expect(flat.items.length).toBeGreaterThan(0);
			expect(flat.items.every((item) => item.json.entityType === 'PANEL')).toBe(true);
			expect(nested.items.length).toBeLessThanOrEqual(flat.items.length);
			expect(nested.items.every((item) => item.json.parentId === null)).toBe(true);
		});

		test('a type given by an expression that Helena does not have is refused before any request', async () => {
			const { error } = await helena.run(
				{ resource: 'account', operation: 'getCustomFields', entityType: '={{ $json.type }}' },
				{ items: [{ type: 'CARD' }] },
			);

			expect(error?.message).toContain('Fields Of');
			expect(helena.apiRequests()).toHaveLength(0);
		});
	});

	test('every request stayed within the contract', () => {
		expect(helena.sandbox.contract.violations).toEqual([]);
	});
});
