'use strict';

const { startSandbox, demo } = require('./index');

const KEY = 'test-key';
/** @type {import('./index').Sandbox} */
let sb;

async function core(method, path, body) {
	const res = await fetch(`${sb.url}/core${path}`, {
		method,
		headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return await res.json();
}

async function control(path, body) {
	const res = await fetch(`${sb.url}/__sandbox${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return await res.json();
}

beforeAll(async () => {
	sb = await startSandbox({ port: 0, apiKey: KEY });
});
afterAll(async () => {
	sb.setClock({ real: true });
	sb.setPageOrder('sorted');
	await sb.close();
});

describe('sandbox clock and page order', () => {
	test('a frozen clock stamps every change with the same instant; moving it on (or back) moves the stamps', async () => {
		expect(await control('/clock', { at: '2026-11-20T10:00:00.000Z', frozen: true })).toEqual({
			now: '2026-11-20T10:00:00.000Z',
			frozen: true,
		});
		const created = await core('POST', '/v1/contact', { name: 'Same Instant' });
		const renamed = await core('PUT', `/v2/contact/${demo.contactId(1)}`, { name: 'Also Now', fields: ['Name'] });
		expect([created.createdAt, created.updatedAt, renamed.updatedAt]).toEqual(Array(3).fill('2026-11-20T10:00:00.000Z'));
		// the same contact changed twice in one instant still moves forward, by a millisecond
		const again = await core('PUT', `/v2/contact/${demo.contactId(1)}`, { name: 'Again', fields: ['Name'] });
		expect(again.updatedAt).toBe('2026-11-20T10:00:00.001Z');

		sb.setClock({ advanceMs: -2_000 });
		expect((await core('PUT', `/v2/contact/${demo.contactId(2)}`, { name: 'Late', fields: ['Name'] })).updatedAt).toBe(
			'2026-11-20T09:59:58.000Z',
		);
		expect(sb.setClock({ real: true }).frozen).toBe(false);
	});

	test("reversed page order hands each page's items back last-first; the pages themselves stay in order", async () => {
		const sorted = await core('GET', '/v1/contact?OrderBy=name&PageSize=5&PageNumber=2');
		expect(await control('/page-order', { order: 'reversed' })).toEqual({ order: 'reversed' });
		const reversed = await core('GET', '/v1/contact?OrderBy=name&PageSize=5&PageNumber=2');
		sb.setPageOrder('sorted');
		expect(reversed.items.map((c) => c.name)).toEqual(sorted.items.map((c) => c.name).reverse());
		expect({ ...reversed, items: [] }).toEqual({ ...sorted, items: [] });
	});
});
