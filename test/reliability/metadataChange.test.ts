import { mariaSession } from '../chat/chatFixture';
import { allRequests, MARIA_CARD, useCrmSandbox } from '../crm/crmFixture';

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
