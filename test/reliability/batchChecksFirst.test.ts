import type { INodeExecutionData } from 'n8n-workflow';

import { usePacingClock } from '../../nodes/Helena/transport/budget';
import { demo } from '../sandbox';
import { allRequests, byId, byNumber, COMERCIAL, MISSING, scheduleTemplate, useChatSandbox } from '../chat/chatFixture';

/*
 * Batch operations check every item before anything is written, and account for every item when a request fails:
 * Send Template to Many uploads no header file while an item is still to be refused; Cancel Many, whose IDs go
 * 100 per request, names what was cancelled when a later request fails; under Continue On Fail an item refused by
 * its input carries `outcome: notApplied` like the items of a refused request.
 */
describe('batch operations: checks first, and an account of every item', () => {
	const helena = useChatSandbox();
	afterEach(() => helena.sandbox.misbehaviour.clear());
	// the retries of a failing request wait no real time
	beforeAll(() => usePacingClock({ now: () => Date.now(), sleep: async () => await Promise.resolve() }));
	afterAll(() => usePacingClock());

	const image = (phone: string): INodeExecutionData => ({
		json: { phone },
		binary: { data: { data: Buffer.from('fake jpeg bytes').toString('base64'), mimeType: 'image/jpeg', fileName: 'oferta.jpg' } },
	});
	const promotion = {
		resource: 'message',
		operation: 'sendTemplateToMany',
		channel: byNumber(COMERCIAL.number),
		phoneNumber: '={{ $json.phone }}',
		template: byId(demo.templateId('promocao')),
		templateParameters: {},
		fileSource: 'binary',
		binaryPropertyName: 'data',
	};
	const writes = () => allRequests(helena).filter((request) => request.method !== 'GET' || request.path.startsWith('/__storage'));

	test('Send Template to Many with a binary header: a bad recipient in item 1 stops the node before item 0’s file is uploaded', async () => {
		const { error } = await helena.run(promotion, { inputItems: [image('+55 11 97000-0001'), image('not a phone')] });

		expect(error?.message).toMatch(/^Phone Number .*"not a phone".*\(item 1\)$/);
		expect(writes()).toEqual([]);
	});

	test('Send Template to Many with a binary header under Continue On Fail: the bad item is its own error, with outcome; the others upload and go', async () => {
		const { error, items } = await helena.run(promotion, {
			inputItems: [image('+55 11 97000-0001'), image('not a phone'), image('+55 11 97000-0003')],
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => [item.pairedItem, item.json.status ?? item.json.outcome])).toEqual([
			[{ item: 0 }, 'QUEUED'],
			[{ item: 1 }, 'notApplied'],
			[{ item: 2 }, 'QUEUED'],
		]);
		const sent = allRequests(helena).filter((request) => request.path.endsWith('/batch'));
		expect(sent).toHaveLength(1);
		const messages = (sent[0].body as { messages: Array<{ fileIdOrUrl: string }> }).messages;
		expect(messages.map((message) => typeof message.fileIdOrUrl)).toEqual(['string', 'string']);
		expect(new Set(messages.map((message) => message.fileIdOrUrl)).size).toBe(2);
	});

	/** The IDs of two items that go out in two requests of Cancel Many; the first request is applied, the second refused. */
	async function twoRequestsOfIds() {
		const created = await helena.run(scheduleTemplate({ phoneNumber: '={{ $json.phone }}' }), { items: [{ phone: demo.contactPhone(2) }] });
		const second = created.items[0].json.id as string;
		// 100 distinct IDs in the first request (the demo message and 99 unknown ones), the created message in the second
		const fillers = Array.from({ length: 99 }, (_, n) => `0b0b0b0b-0000-4000-8000-${String(n).padStart(12, '0')}`);
		helena.sandbox.clearRequests();
		const path = '/chat/v1/scheduled-message/batch-cancel';
		helena.sandbox.misbehaviour.next({ method: 'POST', path, count: 1, reshape: (answer: unknown) => answer });
		helena.sandbox.misbehaviour.next({ method: 'POST', path, count: 20, status: 400, body: { text: 'Recusado' } });
		return { second, items: [{ ids: [demo.scheduledMessageId, ...fillers] }, { ids: second }] };
	}
	const statusOf = (id: string) => helena.sandbox.chat.scheduledMessages().find((message: { id: string }) => message.id === id)?.status;
	const cancelMany = { resource: 'scheduledMessage', operation: 'cancelMany', scheduledMessageIds: '={{ $json.ids }}' };

	test('Cancel Many whose second request fails: the error says item 0 was cancelled and item 1 not, and that a repeat is safe', async () => {
		const { second, items } = await twoRequestsOfIds();

		const { error } = await helena.run(cancelMany, { items });

		expect(error?.description).toContain('Applied: items 0. Not applied: items 1.');
		expect(error?.description).toContain('Running the node again is safe: cancelling a message cancelled already changes nothing.');
		expect(statusOf(demo.scheduledMessageId)).toBe('CANCELED');
		expect(statusOf(second)).not.toBe('CANCELED');
	});

	test('Cancel Many under Continue On Fail: each unknown ID its own error, an item of a failed request its error with outcome, a refused item too', async () => {
		const { items } = await twoRequestsOfIds();

		const run = await helena.run(cancelMany, { items: [...items, { ids: 'abc' }], continueOnFail: true });

		expect(run.error).toBeUndefined();
		const of = (item: number) =>
			run.items.filter((output) => (output.pairedItem as { item: number }).item === item).map((output) => output.json);
		// item 0: the demo message cancelled, and each of its 99 unknown IDs its own error
		expect(of(0).map((json) => json.status ?? json.outcome)).toEqual(['CANCELED', ...Array(99).fill('notApplied')]);
		expect(of(0)[1].error).toBe('The scheduled message "0b0b0b0b-0000-4000-8000-000000000000" was not found in Helena (item 0)');
		// item 1: its request failed
		expect(of(1)).toEqual([expect.objectContaining({ outcome: 'notApplied' })]);
		expect(of(1)[0].description).toContain('Applied: items 0. Not applied: items 1.');
		expect(of(1)[0].description).not.toContain('On Error');
		// item 2: refused by its input before any request
		expect(of(2)).toEqual([
			expect.objectContaining({ outcome: 'notApplied', error: expect.stringMatching(/^Scheduled Message IDs .*"abc".*\(item 2\)$/) }),
		]);
	});

	test('Cancel Many: an item with a cancelled and an unknown ID outputs both, the error saying what was cancelled', async () => {
		const run = await helena.run(cancelMany, { items: [{ ids: [demo.scheduledMessageId, MISSING] }], continueOnFail: true });

		expect(run.items.map((item) => item.json.status ?? item.json.error)).toEqual([
			'CANCELED',
			`The scheduled message "${MISSING}" was not found in Helena (item 0)`,
		]);
		expect(run.items[1].json.description).toBe(
			"Helena's answer to the batch cancel does not list it: most likely no scheduled message of this account has this ID. The 1 messages Helena listed are cancelled, or kept the status that prevented it; running the node again is safe.",
		);
	});
});
