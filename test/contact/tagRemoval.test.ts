import { useSandbox } from '../engine/sandbox';

import { demo } from '../sandbox';

/**
 * Tag removal is `DeleteIfExists` in Helena's API reference and `ExcluiIfExists` in the older spec. The
 * node sends the reference's spelling first, whichever operation removes and whichever spelling its
 * parameter holds, answers a 400 by sending the other once, and remembers per credential what worked:
 * against a service that understands only the spec's spelling, 1,000 removals cost one refused request;
 * against one that reads the reference, none.
 */
const MARIA_ID: string = demo.contactId(1);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/** 1,000 engine runs: minutes, not seconds, on a machine busy with other jobs. */
const VOLUME_TIMEOUT = 600_000;
const noPacing = { credentials: { requestPacing: 'off' as const } };
const removal = { resource: 'contact', operation: 'updateTags', contact: byId(MARIA_ID), tagsOperation: 'ExcluiIfExists', tagNames: 'VIP' };
const updateRemoval = {
	resource: 'contact',
	operation: 'update',
	contact: byId(MARIA_ID),
	updateFields: { tagNames: 'Cliente' },
	options: { tagsOperation: 'DeleteIfExists' },
};

/** The tag operation a request asked for: the batch's `operation` or the update's `options.tagsOperation`. */
type TagBody = { operation?: string; options?: { tagsOperation?: string } };

const operationsSent = (requests: Array<{ body?: TagBody; status: number }>) =>
	requests.map((request) => `${request.body?.operation ?? request.body?.options?.tagsOperation} ${request.status}`);

describe.each([
	['vendor', 'DeleteIfExists', 0],
	['seed', 'ExcluiIfExists', 1],
	['both', 'DeleteIfExists', 0],
])('Tag removal against a Helena that understands %s spelling', (tagRemoval, understood, refusals) => {
	const helena = useSandbox({ variations: { tagRemoval } as never });
	beforeEach(() => helena.sandbox.clearRequests());

	test(
		`1,000 removals succeed and cost ${refusals} refused request(s)`,
		async () => {
			const { items, error } = await helena.run(removal, { ...noPacing, items: Array.from({ length: 1000 }, () => ({})) });

			expect(error).toBeUndefined();
			expect(items).toHaveLength(1000);
			expect(items[999].json.tagNames).toEqual(['Cliente']);
			const requests = helena.apiRequests();
			expect(requests).toHaveLength(1000 + refusals);
			expect(requests.filter((request) => request.status === 400)).toHaveLength(refusals);
			expect(new Set(operationsSent(requests.slice(refusals)))).toEqual(new Set([`${understood} 200`]));
		},
		VOLUME_TIMEOUT,
	);

	test('an update that removes tags uses the spelling learnt for the credential', async () => {
		const { items, error } = await helena.run(updateRemoval, noPacing);

		expect(error).toBeUndefined();
		expect(items[0].json.tagNames).toEqual([]);
		expect(operationsSent(helena.apiRequests())).toEqual([`${understood} 200`]);
	});

	test('once a spelling is known, a 400 for another reason is not answered by a second spelling', async () => {
		const { error } = await helena.run({ ...removal, tagNames: '', tagIds: '0b0b0b0b-0000-4000-8000-000000000000' }, noPacing);

		expect((error as { description?: string })?.description).toContain('Etiqueta não encontrada');
		expect(operationsSent(helena.apiRequests())).toEqual([`${understood} 400`]);
	});
});

describe('Tag removal in a fresh process against a seed-spelling Helena, first through an update', () => {
	const helena = useSandbox({ variations: { tagRemoval: 'seed' } as never });

	test("the reference's spelling is refused once, then sent again in the spec's; the tags endpoint then pays nothing", async () => {
		const { items, error } = await helena.run(updateRemoval, noPacing);
		const tagsRun = await helena.run(removal, noPacing);

		expect(error).toBeUndefined();
		expect(tagsRun.error).toBeUndefined();
		expect(items[0].json.tagNames).toEqual(['VIP']);
		expect(operationsSent(helena.apiRequests())).toEqual(['DeleteIfExists 400', 'ExcluiIfExists 200', 'ExcluiIfExists 200']);
		expect(helena.apiRequests()[0].body).toEqual({ ...helena.apiRequests()[1].body, options: { tagsOperation: 'DeleteIfExists' } });
	});
});

describe('Tag removal whose first request is refused for another reason, before a spelling is known', () => {
	const helena = useSandbox();
	const unknownTag = { ...removal, tagNames: '', tagIds: '0b0b0b0b-0000-4000-8000-000000000000' };

	test("an unknown tag is Helena's answer to show: no second spelling is sent, nothing is applied", async () => {
		const tags = [...helena.sandbox.state.contacts.get(MARIA_ID).tagIds];
		const { error } = await helena.run(unknownTag, noPacing);

		expect((error as { description?: string })?.description).toContain('Etiqueta não encontrada');
		expect(operationsSent(helena.apiRequests())).toEqual(['DeleteIfExists 400']);
		expect(helena.sandbox.state.contacts.get(MARIA_ID).tagIds).toEqual(tags);
	});
});

describe('Tag removal against a spec-reading Helena that refuses in the ASP.NET form', () => {
	const helena = useSandbox({ variations: { tagRemoval: 'seed', validation: 'aspnet' } as never });

	test('a refusal that names the operation is answered once with the other spelling', async () => {
		const { error } = await helena.run(updateRemoval, noPacing);

		expect(error).toBeUndefined();
		expect(operationsSent(helena.apiRequests())).toEqual(['DeleteIfExists 400', 'ExcluiIfExists 200']);
	});
});

describe('Tag removal against a Helena that reads the reference, whichever spelling the parameter holds', () => {
	const helena = useSandbox();
	beforeEach(() => helena.sandbox.clearRequests());

	test.each([
		['Add, Remove or Replace Tags', { ...removal, tagsOperation: 'ExcluiIfExists' }],
		['Add, Remove or Replace Tags (reference spelling from an expression)', { ...removal, tagsOperation: 'DeleteIfExists' }],
		['Update (reference spelling)', updateRemoval],
		['Update (spec spelling from an expression)', { ...updateRemoval, options: { tagsOperation: 'ExcluiIfExists' } }],
	])('%s goes out as DeleteIfExists, once, without a refusal', async (_title, parameters) => {
		const { error } = await helena.run(parameters, noPacing);

		expect(error).toBeUndefined();
		expect(operationsSent(helena.apiRequests())).toEqual(['DeleteIfExists 200']);
	});
});
