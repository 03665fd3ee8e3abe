import { allRequests, MARIA_CARD, MISSING, useCrmSandbox } from './crmFixture';

describe('Card notes', () => {
	const helena = useCrmSandbox();

	test('Add Note with text and files, Get Notes lists it, Delete Note removes it', async () => {
		const added = await helena.run({
			resource: 'card',
			operation: 'addNote',
			cardId: MARIA_CARD,
			text: 'Cliente pediu a proposta por e-mail.',
			fileUrls: 'https://files.example.com/proposta.pdf, https://files.example.com/logo.png',
		});
		expect(added.error).toBeUndefined();
		const noteId = added.items[0].json.id as string;
		expect(added.items[0].json).toMatchObject({
			cardId: MARIA_CARD,
			text: 'Cliente pediu a proposta por e-mail.',
			files: [
				{ name: 'proposta.pdf', type: 'PDF' },
				{ name: 'logo.png', type: 'IMAGE' },
			],
		});

		const listed = await helena.run({ resource: 'card', operation: 'getNotes', cardId: MARIA_CARD, returnAll: true });
		expect(listed.items.map((item) => item.json.id)).toEqual([noteId]);

		const deleted = await helena.run({ resource: 'card', operation: 'deleteNote', cardId: MARIA_CARD, noteId });
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id: noteId }]);
		expect(helena.sandbox.crm.notes(MARIA_CARD)).toEqual([]);

		expect(allRequests(helena)).toEqual([
			{
				method: 'POST',
				path: `/crm/v1/panel/card/${MARIA_CARD}/note`,
				query: {},
				body: {
					text: 'Cliente pediu a proposta por e-mail.',
					fileUrls: ['https://files.example.com/proposta.pdf', 'https://files.example.com/logo.png'],
				},
			},
			{ method: 'GET', path: `/crm/v1/panel/card/${MARIA_CARD}/note`, query: { PageNumber: '1', PageSize: '100' }, body: undefined },
			{ method: 'DELETE', path: `/crm/v1/panel/card/${MARIA_CARD}/note/${noteId}`, query: {}, body: undefined },
		]);
	});

	test('a note over 8,000 characters, more than 3 files, a file that is not a URL or no text at all are refused before any request', async () => {
		const add = async (text: string, fileUrls = '') =>
			(await helena.run({ resource: 'card', operation: 'addNote', cardId: MARIA_CARD, text, fileUrls })).error?.message;
		expect(await add('x'.repeat(8001))).toBe('Text must be at most 8,000 characters long; it has 8001 (item 0)');
		expect(await add('ok', 'https://a.com/1, https://a.com/2, https://a.com/3, https://a.com/4')).toBe(
			'File URLs can hold at most 3 files; it has 4 (item 0)',
		);
		expect(await add('ok', 'proposta.pdf')).toBe('File URLs must be an http:// or https:// URL, not "proposta.pdf" (item 0)');
		expect(await add('   ')).toBe('Text is empty: give the note a text or at least one file URL (item 0)');
		expect(allRequests(helena)).toEqual([]);
	});

	test('deleting a note the card does not have (deleted before) says it was already gone, as Conversation → Delete Note does; a card that is not there is an error', async () => {
		const { items, error } = await helena.run({ resource: 'card', operation: 'deleteNote', cardId: MARIA_CARD, noteId: MISSING });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: false, id: MISSING, alreadyGone: true }]);

		const noCard = await helena.run({ resource: 'card', operation: 'deleteNote', cardId: MISSING, noteId: MISSING });
		expect(noCard.error?.message).toBe(`The card "${MISSING}" given in Card was not found in Helena`);
	});

	test('a card ID that is not a UUID is refused before any request', async () => {
		const { error } = await helena.run({ resource: 'card', operation: 'getNotes', cardId: 'card-1' });
		expect(error?.message).toBe('Card must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "card-1" (item 0)');
		expect(allRequests(helena)).toEqual([]);
	});
});
