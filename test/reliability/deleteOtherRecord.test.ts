import { useChatSandbox, allRequests, byId, MISSING } from '../chat/chatFixture';
import { demo } from '../sandbox';

const BRUNO = demo.userId('Bruno Lima');
const CARLA = demo.userId('Carla Mendes');
const MARIA_CARD = demo.cardId('Maria Silva - Plano Pro');
const SOUTH = demo.portfolioId('Carteira Sul');
const MARIA = demo.contactId(1);

/*
 * After a first attempt lost to a 503, a repeat that Helena answers "not found" counts as done only when
 * what Helena did not find is the record being deleted; "not found" about another record of the request
 * (the user to transfer to, the card of a note, the list of a removal) is an error naming it.
 */
describe('a delete repeated after a 503: "not found" counts as done only for the record being deleted', () => {
	const helena = useChatSandbox();
	const sent = () => allRequests(helena).map((request) => `${request.method} ${request.path}`);
	const statuses = () => helena.sandbox.requests.map((request: { status: number }) => request.status);
	const userExists = (id: string) => helena.sandbox.state.users.has(id);
	const addNoteToMaria = async () => {
		const added = await helena.run({ resource: 'card', operation: 'addNote', cardId: MARIA_CARD, text: 'Ligar amanhã' });
		expect(added.error).toBeUndefined();
		helena.sandbox.clearRequests();
		return String(added.items[0].json.id);
	};

	test('User → Delete with Transfer To a user Helena does not have: an error naming Transfer To, and the user stays', async () => {
		helena.sandbox.failNext(1, { status: 503, method: 'DELETE', retryAfterSeconds: 0 });

		const { items, error } = await helena.run({
			resource: 'user',
			operation: 'delete',
			user: byId(BRUNO),
			openConversations: 'TRANSFER',
			transferTo: byId(MISSING),
		});

		expect(items).toEqual([]);
		expect(error?.message).toBe(`The user "${MISSING}" given in Transfer To was not found in Helena`);
		expect(sent()).toEqual([`DELETE /core/v1/agent/${BRUNO}`, `DELETE /core/v1/agent/${BRUNO}`]);
		expect(statuses()).toEqual([503, 400]);
		expect(userExists(BRUNO)).toBe(true);
	});

	test('User → Delete with Transfer To: when the lost first attempt did delete the user, the repeat counts it deleted', async () => {
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'DELETE' });

		const { items, error } = await helena.run({
			resource: 'user',
			operation: 'delete',
			user: byId(BRUNO),
			openConversations: 'TRANSFER',
			transferTo: byId(CARLA),
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: BRUNO }]);
		expect(statuses()).toEqual([0, 500]);
		expect(userExists(BRUNO)).toBe(false);
	});

	test('User → Delete: a "not found" whose words do not say which user is an error naming both, not a deletion', async () => {
		helena.sandbox.misbehaviour.next({ status: 503, body: 'empty', method: 'DELETE' });
		helena.sandbox.misbehaviour.next({ status: 500, body: { key: 'FORM_ERROR', text: 'Usuário não encontrado' }, method: 'DELETE' });

		const { items, error } = await helena.run({
			resource: 'user',
			operation: 'delete',
			user: byId(BRUNO),
			openConversations: 'TRANSFER',
			transferTo: byId(CARLA),
		});

		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`Helena says a record was not found, and does not say which: the user with ID "${BRUNO}" being deleted, or the user "${CARLA}" given in Transfer To`,
		);
		expect(statuses()).toEqual([503, 500]);
	});

	test('Card → Delete Note on a card Helena does not have: an error naming Card, not "deleted"', async () => {
		helena.sandbox.failNext(1, { status: 503, method: 'DELETE', retryAfterSeconds: 0 });

		const { items, error } = await helena.run({ resource: 'card', operation: 'deleteNote', cardId: MISSING, noteId: MISSING });

		expect(items).toEqual([]);
		expect(error?.message).toBe(`The card "${MISSING}" given in Card was not found in Helena`);
		expect(sent()).toEqual([
			`DELETE /crm/v1/panel/card/${MISSING}/note/${MISSING}`,
			`DELETE /crm/v1/panel/card/${MISSING}/note/${MISSING}`,
		]);
		expect(statuses()).toEqual([503, 500]);
	});

	test('Card → Delete Note: a note the repeat no longer finds on its card was deleted by the first attempt', async () => {
		const noteId = await addNoteToMaria();
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'DELETE' });

		const { items, error } = await helena.run({ resource: 'card', operation: 'deleteNote', cardId: MARIA_CARD, noteId });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: noteId }]);
		expect(statuses()).toEqual([0, 500]);
		expect(helena.sandbox.crm.notes(MARIA_CARD)).toEqual([]);
	});

	test('Portfolio → Remove Contact and Remove Contacts from a portfolio Helena does not have: an error naming the portfolio', async () => {
		helena.sandbox.failNext(1, { status: 503, method: 'DELETE', retryAfterSeconds: 0 });
		const one = await helena.run({ resource: 'portfolio', operation: 'removeContact', portfolio: byId(MISSING), contact: byId(MARIA) });
		helena.sandbox.failNext(1, { status: 503, method: 'DELETE', retryAfterSeconds: 0 });
		const many = await helena.run({ resource: 'portfolio', operation: 'removeContacts', portfolio: byId(MISSING), contactIds: MARIA });

		expect(one.items).toEqual([]);
		expect(one.error?.message).toBe(`The portfolio with ID "${MISSING}" was not found in Helena`);
		expect(many.items).toEqual([]);
		expect(many.error?.message).toContain(`The portfolio with ID "${MISSING}" was not found in Helena`);
		expect(sent()).toEqual([
			`DELETE /core/v1/portfolio/${MISSING}/contact`,
			`DELETE /core/v1/portfolio/${MISSING}/contact`,
			`DELETE /core/v1/portfolio/${MISSING}/contact/batch`,
			`DELETE /core/v1/portfolio/${MISSING}/contact/batch`,
		]);
		expect(helena.sandbox.lists.portfolioContacts(SOUTH)).toContain(MARIA);
	});
});
