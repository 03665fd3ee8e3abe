import type { IDataObject } from 'n8n-workflow';

import { mariaSession } from '../chat/chatFixture';
import { allRequests, byId, MARIA_CARD, useCrmSandbox } from '../crm/crmFixture';
import { demo } from '../sandbox';

/**
 * Metadata of an update merges into the record's own (keys not listed keep their values), so a Metadata field
 * added with no key would change nothing: Card → Update and Conversation → Update refuse it, naming the field,
 * before any request; a key sent is merged, the others kept.
 */
describe('Metadata added to an update but left without a key', () => {
	const helena = useCrmSandbox();
	const refusal = 'Metadata is added but has no key (item 0)';

	test('Card → Update and Conversation → Update refuse it before any request', async () => {
		const card = await helena.run({ resource: 'card', operation: 'update', cardId: MARIA_CARD, updateFields: { metadataUi: {} } });
		const session = await helena.run({
			resource: 'session',
			operation: 'update',
			sessionId: mariaSession(helena).id,
			updateFields: { metadata: { entry: [] } },
		});

		expect(card.error?.message).toBe(refusal);
		expect(session.error?.message).toBe(refusal);
		expect(allRequests(helena)).toEqual([]);
	});

	test('Card → Update with a key merges it into the card’s metadata; the keys not listed stay', async () => {
		const first = await helena.run({
			resource: 'card',
			operation: 'update',
			cardId: MARIA_CARD,
			updateFields: { metadataUi: { entry: [{ key: 'origem', value: 'site' }] } },
		});
		const second = await helena.run({
			resource: 'card',
			operation: 'update',
			cardId: MARIA_CARD,
			updateFields: { metadataUi: { entry: [{ key: 'campanha', value: '' }] } },
		});

		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(second.items[0].json.metadata).toEqual({ origem: 'site', campanha: '' });
	});
});

/*
 * Helena's API reference: a metadata key set to null is removed (contacts and cards). The node sends that null for a
 * row with Remove This Key on, whatever its value; an empty value stays what it was (stored empty on a card, removed
 * on a contact, as each field's description says).
 */
describe('Remove This Key: a metadata key sent as null is removed', () => {
	const helena = useCrmSandbox();
	const bodyOf = (method: string) =>
		allRequests(helena)
			.filter((request) => request.method === method)
			.pop()?.body as IDataObject;

	test('Card → Update removes the key; the request carries null and the card no longer has it, the other keys stay', async () => {
		const set = await helena.run({
			resource: 'card',
			operation: 'update',
			cardId: MARIA_CARD,
			updateFields: {
				metadataUi: {
					entry: [
						{ key: 'origem', value: 'site' },
						{ key: 'campanha', value: 'abril' },
					],
				},
			},
		});
		expect(set.error).toBeUndefined();

		const { items, error } = await helena.run({
			resource: 'card',
			operation: 'update',
			cardId: MARIA_CARD,
			updateFields: { metadataUi: { entry: [{ key: 'origem', value: 'site', remove: true }] } },
		});

		expect(error).toBeUndefined();
		expect(bodyOf('PUT')).toMatchObject({ fields: ['Metadata'], metadata: { origem: null } });
		expect(items[0].json.metadata).toEqual({ campanha: 'abril' });
		expect(helena.sandbox.crm.card(MARIA_CARD).metadata).toEqual({ campanha: 'abril' });
	});

	test('Contact → Update removes the key the same way; the value typed beside it is not sent', async () => {
		const maria = demo.contactId(1);
		helena.sandbox.state.contacts.get(maria).metadata = { crmId: 'CRM-0001', segmento: 'varejo' };

		const { items, error } = await helena.run({
			resource: 'contact',
			operation: 'update',
			contact: byId(maria),
			updateFields: { metadataUi: { entry: [{ key: 'crmId', value: 'CRM-0001', remove: true }] } },
		});

		expect(error).toBeUndefined();
		expect(bodyOf('PUT')).toEqual({ fields: ['Metadata'], metadata: { crmId: null } });
		expect(items[0].json.metadata).toEqual({ segmento: 'varejo' });
		expect(helena.sandbox.state.contacts.get(maria).metadata).toEqual({ segmento: 'varejo' });
	});

	test('Remove This Key from an expression must be true or false, naming the key and the item', async () => {
		const { error } = await helena.run({
			resource: 'card',
			operation: 'update',
			cardId: MARIA_CARD,
			updateFields: { metadataUi: { entry: [{ key: 'origem', value: '', remove: 'sim' }] } },
		});

		expect(error?.message).toMatch(/^Metadata: "origem" Remove This Key .* \(item 0\)$/);
		expect(allRequests(helena).filter((request) => request.method !== 'GET')).toEqual([]);
	});
});
