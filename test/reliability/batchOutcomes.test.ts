import { demo } from '../sandbox';
import { ANA, JOAO, MARIA, MISSING, REACTIVATION, SOUTH, useListsSandbox, WELCOME } from '../lists/listsFixture';

const NORTH = demo.portfolioId('Carteira Norte');

/**
 * A batch operation that fails half-way says what happened to every item: applied, not applied, or
 * unknown (the answer was lost), and what running the node again would do, as the node itself assumes it.
 */
describe('a batch that fails half-way accounts for every item', () => {
	const helena = useListsSandbox();
	const perItem = '={{ { "__rl": true, "mode": "id", "value": $json.list } }}';

	test('Sequence → Add Contacts: one request applied, one refused, one whose answer was lost (never repeated); the error names all three and warns that a re-add may restart the sequence', async () => {
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'POST', path: `/chat/v1/sequence/${WELCOME}/contact/batch` });
		const { error } = await helena.run(
			{ resource: 'sequence', operation: 'addContacts', sequence: perItem, contactIds: '={{ $json.id }}' },
			{
				items: [
					{ list: REACTIVATION, id: MARIA },
					{ list: WELCOME, id: JOAO },
					{ list: MISSING, id: ANA },
				],
			},
		);

		expect(error?.message).toContain('The connection to Helena broke');
		expect(error?.description).toContain(
			'Applied: items 0. Not applied: items 2. Unknown (the answer was lost, so Helena may have applied them): items 1.',
		);
		expect(error?.description).toContain(
			'Running the node again would add their contacts to the sequence again, which may start it over for them',
		);
		const toWelcome = helena.sandbox.requests.filter((r: { decodedPath: string }) => r.decodedPath.includes(WELCOME));
		expect(toWelcome).toHaveLength(1);
	});

	test('Portfolio → Add Contacts: a refused request leaves the others applied, and the error says a repeat is safe', async () => {
		const { error } = await helena.run(
			{ resource: 'portfolio', operation: 'addContacts', portfolio: perItem, contactIds: '={{ $json.id }}' },
			{
				items: [
					{ list: SOUTH, id: MARIA },
					{ list: MISSING, id: JOAO },
					{ list: NORTH, id: ANA },
				],
			},
		);

		expect(error?.message).toBe(`The portfolio with ID "${MISSING}" was not found in Helena`);
		expect(error?.description).toContain('Applied: items 0, 2. Not applied: items 1.');
		expect(error?.description).toContain('Running the node again is safe: adding a contact that is in the portfolio already adds it once.');
	});

	test('with Continue On Fail, each item of a failed request carries its outcome; Remove Contacts says a repeat changes nothing', async () => {
		const { items, error } = await helena.run(
			{ resource: 'sequence', operation: 'removeContacts', sequence: perItem, contactIds: '={{ $json.id }}' },
			{
				continueOnFail: true,
				items: [
					{ list: WELCOME, id: JOAO },
					{ list: MISSING, id: ANA },
				],
			},
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[1].json).toMatchObject({ error: `The sequence with ID "${MISSING}" was not found in Helena`, outcome: 'notApplied' });
		expect(items[1].json.description).toContain(
			'Running the node again is safe: removing a contact that is not in the sequence changes nothing.',
		);
		expect(items[0].json).toEqual({ removed: true, sequenceId: WELCOME, contactIds: [JOAO], phoneNumbers: [] });
	});
});
