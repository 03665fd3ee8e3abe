import { runListSearch } from '../engine/runMethod';
import { allRequests, ANA, byId, byPhone, fromList, JOAO, MARIA, MISSING, NORTH, SOUTH, useListsSandbox } from './listsFixture';

describe('Portfolio resource', () => {
	const helena = useListsSandbox();
	const members = (id: string) => helena.sandbox.lists.portfolioContacts(id) as string[];

	/** `n` new contacts in the south portfolio, through the node's batch add. */
	async function fillSouth(n: number): Promise<string[]> {
		const ids = (helena.sandbox.seedContacts(n) as Array<{ id: string }>).map((c) => c.id);
		const added = await helena.run(
			{ resource: 'portfolio', operation: 'addContacts', portfolio: byId(SOUTH), contactIds: '={{ $json.id }}' },
			{ items: ids.map((id) => ({ id })) },
		);
		expect(added.error).toBeUndefined();
		helena.sandbox.clearRequests();
		return ids;
	}

	test('Get Many lists portfolios with their contact counts and departments, one item per portfolio', async () => {
		const { items, error } = await helena.run({ resource: 'portfolio', operation: 'getAll', returnAll: true });

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{
				method: 'GET',
				path: '/core/v1/portfolio',
				query: { IncludeDetails: ['ContactCount', 'Departments'], PageNumber: '1', PageSize: '100' },
				body: undefined,
			},
		]);
		expect(items.map((item) => [item.json.name, item.json.type, item.json.contactsCount])).toEqual([
			['Carteira Sul', 'MULTIPLE', 2],
			['Carteira Norte', 'SINGLE', 1],
		]);
	});

	test('Add Contact by ID, Remove Contact by phone; the add outputs Helena’s record, the removal says what it removed', async () => {
		const added = await helena.run({
			resource: 'portfolio',
			operation: 'addContact',
			portfolio: fromList(NORTH, 'Carteira Norte'),
			contact: byId(JOAO),
		});
		const removed = await helena.run({
			resource: 'portfolio',
			operation: 'removeContact',
			portfolio: byId(SOUTH),
			contact: byPhone('+55|11999999999'),
		});

		expect(allRequests(helena)).toEqual([
			{ method: 'POST', path: `/core/v1/portfolio/${NORTH}/contact`, query: {}, body: { contactId: JOAO } },
			{ method: 'DELETE', path: `/core/v1/portfolio/${SOUTH}/contact`, query: {}, body: { phoneNumber: '+55|11999999999' } },
		]);
		expect(added.items[0].json).toMatchObject({ portfolioId: NORTH, contactId: JOAO, contactDetails: { name: 'João Santos' } });
		expect(removed.items[0].json).toEqual({ removed: true, portfolioId: SOUTH, phoneNumber: '+55|11999999999' });
		expect(members(NORTH)).toContain(JOAO);
		expect(members(SOUTH)).not.toContain(MARIA);
	});

	test('a portfolio that does not exist is named in the error of every operation', async () => {
		const add = await helena.run({ resource: 'portfolio', operation: 'addContact', portfolio: byId(MISSING), contact: byId(MARIA) });
		const many = await helena.run({ resource: 'portfolio', operation: 'addContacts', portfolio: byId(MISSING), contactIds: MARIA });
		const list = await helena.run({ resource: 'portfolio', operation: 'getContacts', portfolio: byId(MISSING), returnAll: true });
		for (const run of [add, many, list]) expect(run.error?.message).toBe(`The portfolio with ID "${MISSING}" was not found in Helena`);
	});

	test('when Helena answers an empty page for a portfolio it does not have, the node checks the portfolio list and says so', async () => {
		helena.sandbox.lists.setPortfolioListing({ unknownPortfolio: 'emptyPage' });
		const { error } = await helena.run({ resource: 'portfolio', operation: 'getContacts', portfolio: byId(MISSING), returnAll: true });
		expect(error?.message).toBe(`The portfolio with ID "${MISSING}" was not found in Helena`);
		expect(allRequests(helena).map((r) => r.path)).toEqual([`/core/v1/portfolio/${MISSING}/contact`, '/core/v1/portfolio']);

		const empty = await helena.run({
			resource: 'portfolio',
			operation: 'getContacts',
			portfolio: byId(NORTH),
			returnAll: true,
			filters: { contactIds: JOAO },
		});
		expect(empty.error).toBeUndefined();
		expect(empty.items).toEqual([]);
	});

	test('Get Contacts pages by Page with Type=PageNumber, the portfolio listing’s own paging, and Return All reads every page', async () => {
		const ids = await fillSouth(230);
		const { items, error } = await helena.run({ resource: 'portfolio', operation: 'getContacts', portfolio: byId(SOUTH), returnAll: true });

		expect(error).toBeUndefined();
		expect(allRequests(helena).map((r) => r.query)).toEqual([
			{ Type: 'PageNumber', Page: '1', PageSize: '100' },
			{ Type: 'PageNumber', Page: '2', PageSize: '100' },
			{ Type: 'PageNumber', Page: '3', PageSize: '100' },
		]);
		expect(items).toHaveLength(232);
		expect(new Set(items.map((item) => item.json.contactId))).toEqual(new Set(members(SOUTH)));
		expect(members(SOUTH)).toEqual(expect.arrayContaining([MARIA, ...ids]));
		expect(Object.keys(items[0].json).sort()).toEqual(['addedAt', 'contactId', 'email', 'name', 'phoneNumber', 'portfolioId']);
	});

	test('a nextPageToken in an answer is not followed: the reference names no token in the page, so paging stays by Page and Type=PageNumber', async () => {
		await fillSouth(230);
		// bent on purpose: the reference's page has no nextPageToken; a server that adds one must not steer the node
		helena.sandbox.misbehaviour.next({ count: 3, path: `/v1/portfolio/${SOUTH}/contact`, paging: { nextPageToken: 'b2Zmc2V0OjEwMA' } });
		const { items, error } = await helena.run({ resource: 'portfolio', operation: 'getContacts', portfolio: byId(SOUTH), returnAll: true });

		expect(error).toBeUndefined();
		expect(allRequests(helena).map((r) => r.query)).toEqual([
			{ Type: 'PageNumber', Page: '1', PageSize: '100' },
			{ Type: 'PageNumber', Page: '2', PageSize: '100' },
			{ Type: 'PageNumber', Page: '3', PageSize: '100' },
		]);
		expect(new Set(items.map((item) => item.json.contactId)).size).toBe(232);
	});

	test('a limit below a page reads one page; Simplify off returns Helena’s records; the contact filter goes as ContactIds', async () => {
		await fillSouth(30);
		const { items } = await helena.run({
			resource: 'portfolio',
			operation: 'getContacts',
			portfolio: byId(SOUTH),
			returnAll: false,
			limit: 5,
			simple: false,
			filters: { contactIds: `${MARIA}, ${ANA}` },
		});
		expect(allRequests(helena).map((r) => r.query)).toEqual([{ ContactIds: [MARIA, ANA], Type: 'PageNumber', Page: '1', PageSize: '100' }]);
		expect(items.map((item) => item.json.contactId)).toEqual([MARIA]);
		expect(items[0].json).toHaveProperty('contactDetails');
	});

	test('Add Contacts and Remove Contacts send 100 contacts per request and pair each output item to its input', async () => {
		const ids = await fillSouth(150);
		expect(members(SOUTH)).toHaveLength(152);
		const { items, error } = await helena.run(
			{ resource: 'portfolio', operation: 'removeContacts', portfolio: byId(SOUTH), contactIds: '={{ $json.id }}' },
			{ items: ids.map((id) => ({ id })) },
		);
		expect(error).toBeUndefined();
		expect(allRequests(helena).map((r) => [r.method, r.path, r.body.contactIds.length])).toEqual([
			['DELETE', `/core/v1/portfolio/${SOUTH}/contact/batch`, 100],
			['DELETE', `/core/v1/portfolio/${SOUTH}/contact/batch`, 50],
		]);
		expect(items[149]).toEqual({
			json: { removed: true, portfolioId: SOUTH, contactIds: [ids[149]], phoneNumbers: [] },
			pairedItem: { item: 149 },
		});
		expect(members(SOUTH)).toHaveLength(2);
	});

	test('the portfolio picker lists portfolios by name', async () => {
		const found = await runListSearch('searchPortfolios', { credentials: helena.credentials, filter: 'norte' });
		expect(found.results).toEqual([{ name: 'Carteira Norte', value: NORTH }]);
	});
});
