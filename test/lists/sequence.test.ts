import { runListSearch } from '../engine/runMethod';
import { demo } from '../sandbox';
import {
	AFTER_SALE,
	allRequests,
	byId,
	byPhone,
	fromList,
	JOAO,
	MARIA,
	MISSING,
	REACTIVATION,
	useListsSandbox,
	WELCOME,
} from './listsFixture';

describe('Sequence resource', () => {
	const helena = useListsSandbox();
	const members = (id: string) => helena.sandbox.lists.sequenceContacts(id) as string[];

	test('Get Many asks for the figures and lists every sequence with its contacts in progress, one item per sequence', async () => {
		const { items, error } = await helena.run({ resource: 'sequence', operation: 'getAll', returnAll: true });

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{
				method: 'GET',
				path: '/chat/v1/sequence',
				query: { IncludeDetails: ['ContactExecutingCount', 'ExecutionStats'], PageNumber: '1', PageSize: '100' },
				body: undefined,
			},
		]);
		expect(items.map((item) => [item.json.name, item.json.enabled, item.json.contactExecutingCount])).toEqual([
			['Boas-vindas', true, 3],
			['Pós-venda', true, 2],
			['Reativação', false, 0],
		]);
	});

	test('Get Many filters by name and by a contact', async () => {
		const { items } = await helena.run({
			resource: 'sequence',
			operation: 'getAll',
			returnAll: true,
			filters: { contactId: MARIA, name: 'venda' },
		});
		expect(items.map((item) => item.json.id)).toEqual([AFTER_SALE]);
		expect(allRequests(helena)[0].query).toMatchObject({ Name: 'venda', ContactId: MARIA });
	});

	test('Add Contact by ID and by phone number; the output is Helena’s record of the contact in the sequence', async () => {
		const byIdRun = await helena.run({
			resource: 'sequence',
			operation: 'addContact',
			sequence: fromList(REACTIVATION, 'Reativação'),
			contact: byId(MARIA),
		});
		const byPhoneRun = await helena.run({
			resource: 'sequence',
			operation: 'addContact',
			sequence: byId(REACTIVATION),
			contact: byPhone('5511988000002'),
		});

		expect(byIdRun.error).toBeUndefined();
		expect(byPhoneRun.error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'POST', path: `/chat/v1/sequence/${REACTIVATION}/contact`, query: {}, body: { contactId: MARIA } },
			{ method: 'POST', path: `/chat/v1/sequence/${REACTIVATION}/contact`, query: {}, body: { phoneNumber: '5511988000002' } },
		]);
		expect(byIdRun.items[0].json).toMatchObject({ sequenceId: REACTIVATION, contactId: MARIA, contactName: 'Maria Silva' });
		expect(byPhoneRun.items[0].json).toMatchObject({ sequenceId: REACTIVATION, contactId: JOAO });
		expect(members(REACTIVATION)).toEqual([MARIA, JOAO]);
	});

	test('Remove Contact by phone takes it out and says so; removing it again changes nothing and succeeds', async () => {
		const first = await helena.run({
			resource: 'sequence',
			operation: 'removeContact',
			sequence: byId(WELCOME),
			contact: byPhone('+55|11988000002'),
		});
		const again = await helena.run({
			resource: 'sequence',
			operation: 'removeContact',
			sequence: byId(WELCOME),
			contact: byPhone('+55|11988000002'),
		});

		expect(first.items[0].json).toEqual({ removed: true, sequenceId: WELCOME, phoneNumber: '+55|11988000002' });
		expect(again.error).toBeUndefined();
		expect(allRequests(helena)[0]).toEqual({
			method: 'DELETE',
			path: `/chat/v1/sequence/${WELCOME}/contact`,
			query: {},
			body: { phoneNumber: '+55|11988000002' },
		});
		expect(members(WELCOME)).not.toContain(JOAO);
	});

	test('an unknown sequence and an unknown contact are each named in the error', async () => {
		const noSequence = await helena.run({ resource: 'sequence', operation: 'addContact', sequence: byId(MISSING), contact: byId(MARIA) });
		const noContact = await helena.run({ resource: 'sequence', operation: 'addContact', sequence: byId(WELCOME), contact: byId(MISSING) });
		expect(noSequence.error?.message).toBe(`The sequence with ID "${MISSING}" was not found in Helena`);
		expect(noContact.error?.message).toBe(`No contact with the ID "${MISSING}" exists in Helena`);
	});

	test('Add Contacts sends the items 100 contacts per request, each output item paired to its input with its record', async () => {
		const seeded = helena.sandbox.seedContacts(230) as Array<{ id: string }>;
		const items = [...seeded.map((c) => ({ id: c.id })), { id: '', phone: '+55|11912345678' }];

		const { items: output, error } = await helena.run(
			{
				resource: 'sequence',
				operation: 'addContacts',
				sequence: byId(REACTIVATION),
				contactIds: '={{ $json.id }}',
				phoneNumbers: '={{ $json.phone }}',
			},
			{ items },
		);

		expect(error).toBeUndefined();
		const sent = allRequests(helena);
		expect(sent.map((r) => [r.method, r.path])).toEqual(Array(3).fill(['POST', `/chat/v1/sequence/${REACTIVATION}/contact/batch`]));
		expect(sent.map((r) => (r.body.contactIds?.length ?? 0) + (r.body.phoneNumbers?.length ?? 0))).toEqual([100, 100, 31]);
		expect(sent[2].body.phoneNumbers).toEqual(['+55|11912345678']);
		expect(output).toHaveLength(231);
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(output[5].json).toMatchObject({ added: true, sequenceId: REACTIVATION, contactIds: [seeded[5].id], phoneNumbers: [] });
		expect((output[5].json.contacts as Array<{ contactId: string }>).map((c) => c.contactId)).toEqual([seeded[5].id]);
		// the phone number Helena did not know became a contact, now in the sequence
		const created = (output[230].json.contacts as Array<{ contactId: string; contactDetails: { phonenumber: string } }>)[0];
		expect(created.contactDetails.phonenumber).toBe('+55|11912345678');
		expect(members(REACTIVATION)).toHaveLength(231);
	});

	test('an item naming more contacts than one request takes is refused before any request, naming the item', async () => {
		const ids = (helena.sandbox.seedContacts(101) as Array<{ id: string }>).map((c) => c.id);
		const { error } = await helena.run(
			{ resource: 'sequence', operation: 'addContacts', sequence: byId(WELCOME), contactIds: '={{ $json.ids }}' },
			{ items: [{ ids: [MARIA] }, { ids }] },
		);
		expect(error?.message).toBe('Contact IDs and Phone Numbers name 101 contacts; one request takes at most 100 (item 1)');
		expect(allRequests(helena)).toEqual([]);
	});

	test('a bad entry in any item stops the batch before any request: nothing is half-done', async () => {
		const { error } = await helena.run(
			{ resource: 'sequence', operation: 'addContacts', sequence: byId(WELCOME), phoneNumbers: '={{ $json.phone }}' },
			{ items: [{ phone: '+55|11999999999' }, { phone: 'não sei' }] },
		);
		expect(error?.message).toBe('Phone Numbers has "não sei", which is not a phone number with country code (10 to 15 digits) (item 1)');
		expect(allRequests(helena)).toEqual([]);
	});

	test('items naming different sequences go in separate requests; Remove Contacts takes them out', async () => {
		const { items, error } = await helena.run(
			{
				resource: 'sequence',
				operation: 'removeContacts',
				sequence: '={{ { "__rl": true, "mode": "id", "value": $json.sequence } }}',
				contactIds: '={{ $json.ids }}',
			},
			{
				items: [
					{ sequence: WELCOME, ids: [JOAO] },
					{ sequence: AFTER_SALE, ids: [MARIA, demo.contactId(3)] },
				],
			},
		);

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([
			{ method: 'DELETE', path: `/chat/v1/sequence/${WELCOME}/contact/batch`, query: {}, body: { contactIds: [JOAO] } },
			{
				method: 'DELETE',
				path: `/chat/v1/sequence/${AFTER_SALE}/contact/batch`,
				query: {},
				body: { contactIds: [MARIA, demo.contactId(3)] },
			},
		]);
		expect(items.map((item) => item.json)).toEqual([
			{ removed: true, sequenceId: WELCOME, contactIds: [JOAO], phoneNumbers: [] },
			{ removed: true, sequenceId: AFTER_SALE, contactIds: [MARIA, demo.contactId(3)], phoneNumbers: [] },
		]);
		expect(members(AFTER_SALE)).toEqual([]);
	});

	test('with Continue On Fail, a bad item and the items of a refused request become error items; the others are applied', async () => {
		const { items, error } = await helena.run(
			{
				resource: 'sequence',
				operation: 'addContacts',
				sequence: '={{ { "__rl": true, "mode": "id", "value": $json.sequence } }}',
				contactIds: '={{ $json.id }}',
			},
			{
				continueOnFail: true,
				items: [
					{ sequence: REACTIVATION, id: MARIA },
					{ sequence: REACTIVATION, id: 'not-an-id' },
					{ sequence: MISSING, id: JOAO },
				],
			},
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({ added: true, sequenceId: REACTIVATION, contactIds: [MARIA] });
		expect(items[1].json.error).toBe('Contact IDs must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "not-an-id" (item 1)');
		expect(items[2].json.error).toBe(`The sequence with ID "${MISSING}" was not found in Helena`);
		expect(items[2].json).toMatchObject({ outcome: 'notApplied' });
		expect(items[2].json.description).toContain('The request held items 2. Applied: items 0. Not applied: items 2.');
		expect(members(REACTIVATION)).toEqual([MARIA]);
	});

	test('Get Contacts reads every page of /chat/v2/sequence/{id}/contact and outputs one simplified item per contact', async () => {
		const ids = (helena.sandbox.seedContacts(150) as Array<{ id: string }>).map((c) => c.id);
		const added = await helena.run(
			{ resource: 'sequence', operation: 'addContacts', sequence: byId(REACTIVATION), contactIds: '={{ $json.id }}' },
			{ items: ids.map((id) => ({ id })) },
		);
		expect(added.error).toBeUndefined();
		helena.sandbox.clearRequests();

		const { items, error } = await helena.run({
			resource: 'sequence',
			operation: 'getContacts',
			sequence: byId(REACTIVATION),
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(allRequests(helena).map((r) => r.query)).toEqual([
			{ IncludeDetails: 'ContactDetails', PageNumber: '1', PageSize: '100' },
			{ IncludeDetails: 'ContactDetails', PageNumber: '2', PageSize: '100' },
		]);
		expect(items).toHaveLength(150);
		expect(Object.keys(items[0].json).sort()).toEqual(['addedAt', 'contactId', 'email', 'name', 'phoneNumber', 'sequenceId']);
		expect(new Set(items.map((item) => item.json.contactId))).toEqual(new Set(ids));
	});

	test('Get Contacts filters by phone number and returns Helena’s records with Simplify off', async () => {
		const { items } = await helena.run({
			resource: 'sequence',
			operation: 'getContacts',
			sequence: byId(WELCOME),
			returnAll: false,
			limit: 10,
			simple: false,
			filters: { phoneNumber: '+55|11988000002' },
		});
		expect(allRequests(helena)[0].query).toMatchObject({ PhoneNumber: '+55|11988000002' });
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ contactId: JOAO, sequenceId: WELCOME, contactDetails: expect.any(Object) }),
		]);
	});

	test('Get Contacts of a sequence that does not exist says so', async () => {
		const { error } = await helena.run({ resource: 'sequence', operation: 'getContacts', sequence: byId(MISSING), returnAll: true });
		expect(error?.message).toBe(`The sequence with ID "${MISSING}" was not found in Helena`);
	});

	test('the sequence picker searches by name and marks disabled sequences', async () => {
		const found = await runListSearch('searchSequences', { credentials: helena.credentials, filter: 'rea' });
		expect(found.results).toEqual([{ name: 'Reativação (disabled)', value: REACTIVATION }]);
	});
});
