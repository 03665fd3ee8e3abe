import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { description } from '../../nodes/Helena/actions/contact/upsertMany.operation';
import { useSandbox } from '../engine/sandbox';

/** Create or Update Many offers the batch body's `options.upsert`, sent only when the user sets it. */
describe('Contact > Create or Update Many: Update Existing Contacts (options.upsert)', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	const batch = (options: INodeParameters) => ({ resource: 'contact', operation: 'upsertMany', dataMode: 'autoMapInputData', options });

	test.each([
		['on', { upsert: true }, { upsert: true }],
		['off', { upsert: false }, { upsert: false }],
	])('set %s: sent as options.upsert', async (_case, options, sent) => {
		const { error } = await helena.run(batch(options), { items: [{ name: 'Lote', phoneNumber: '+55|11944443333' }] });

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.body)).toEqual([
			{ items: [{ name: 'Lote', phoneNumber: '+55|11944443333' }], options: sent },
		]);
	});

	test('not set: the batch carries no options at all', async () => {
		const { error } = await helena.run(batch({}), { items: [{ name: 'Lote', phoneNumber: '+55|11944443333' }] });

		expect(error).toBeUndefined();
		expect(helena.apiRequests().map((request) => request.body)).toEqual([{ items: [{ name: 'Lote', phoneNumber: '+55|11944443333' }] }]);
	});

	test("the option's description says what it changes", () => {
		const options = description.find((property) => property.name === 'options');
		const upsert = (options?.options as INodeProperties[] | undefined)?.find((option) => option.name === 'upsert');
		expect(upsert).toMatchObject({ displayName: 'Update Existing Contacts', type: 'boolean', default: true });
		expect(upsert?.description).toContain('always updates contacts that already exist');
	});
});
