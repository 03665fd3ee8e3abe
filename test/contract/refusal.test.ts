import { TEST_API_KEY, useSandbox } from '../engine/sandbox';

import { demo } from '../sandbox';
import { ENDPOINTS, WEBHOOK_EVENTS } from '../sandbox/contract';
import { checkValue } from '../sandbox/contractCheck';
import type { Problem } from '../sandbox/contractCheck';

/** The sandbox's error body, as far as these tests read it; undefined when the body is not JSON. */
type Refusal = { text?: string; details?: { violations?: Problem[] } } | undefined;

/** The contract check can fail: a misspelt or invented key is refused with a 400 that names it. */
describe('Contract: what the strict sandbox refuses', () => {
	const helena = useSandbox();

	async function call(method: string, path: string, body?: unknown) {
		const response = await fetch(`${helena.sandbox.url}/core${path}`, {
			method,
			headers: { authorization: `Bearer ${TEST_API_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: response.status, json: (await response.json().catch(() => undefined)) as Refusal };
	}

	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('a misspelt key and an invented key: 400 naming both, nothing created, two violations counted', async () => {
		const contacts = helena.sandbox.counts().contacts;
		const before = helena.sandbox.contractStats().validated;
		const answer = await call('POST', '/v1/contact', { name: 'Typo', phonenumber: '+55|11911112222', nickname: 'Ty' });
		const second = await call('PUT', `/v2/contact/${demo.contactId(1)}`, { fields: ['Name'], Name: 'Wrong case' });

		expect(answer.status).toBe(400);
		expect(answer.json).toMatchObject({ key: 'CONTRACT_VIOLATION', httpStatusCode: 'BadRequest' });
		expect(answer.json?.details?.violations).toEqual([
			{ key: 'body.phonenumber', message: "unknown key 'phonenumber': the contract spells it 'phoneNumber'" },
			{ key: 'body.nickname', message: expect.stringContaining("unknown key 'nickname'") },
		]);
		expect(answer.json?.text).toContain('body.phonenumber');
		expect(second.status).toBe(400);
		expect(second.json?.details?.violations).toEqual([{ key: 'body.Name', message: "unknown key 'Name': the contract spells it 'name'" }]);
		expect(helena.sandbox.counts().contacts).toBe(contacts);
		expect(helena.sandbox.contractStats()).toMatchObject({ validated: before + 2, violations: 2 });
		// provoked on purpose: taken, so they do not count against the run
		expect(helena.sandbox.takeViolations().map((v: { path: string }) => v.path)).toEqual([
			'/core/v1/contact',
			`/core/v2/contact/${demo.contactId(1)}`,
		]);
	});

	test('query names are exact-case, enum spellings exact, types and bounds held', async () => {
		const refusals: Array<[string, string, unknown, string]> = [
			['GET', '/v1/contact?pageSize=10', undefined, 'query.pageSize'],
			['GET', '/v1/contact?PageSize=101', undefined, 'query.PageSize'],
			['GET', '/v1/contact?Status=active', undefined, 'query.Status'],
			['GET', '/v1/contact/custom-field?NestedList=True', undefined, 'query.NestedList'],
			['POST', '/v1/contact/filter', { orderDirection: 'desc' }, 'body.orderDirection'],
			['POST', '/v1/contact/filter', { createdAt: { after: 'yesterday' } }, 'body.createdAt.after'],
			['POST', '/v1/contact', { name: 'A', options: { upsertTagOperation: 'InsertIfNotExists' } }, 'body.options.upsertTagOperation'],
			['POST', '/v1/contact', { name: 'A', customFields: 'plano=Pro' }, 'body.customFields'],
			['POST', '/v1/contact', { name: 'A', options: { upsert: null } }, 'body.options.upsert'],
			['GET', '/v1/contact?PageNumber=-1', undefined, 'query.PageNumber'],
			['POST', '/v1/contact', { name: 'A', tagIds: ['not-a-uuid'] }, 'body.tagIds[0]'],
			['PUT', '/v1/department/00000000-0000-4000-8000-000000000000', { fields: ['Name'], name: 'A', description: 'x' }, 'body.description'],
			['PUT', '/v1/department/00000000-0000-4000-8000-000000000000/agents', { action: 'REPLACEALL', items: [] }, 'body.action'],
			['POST', '/v1/webhook/subscription', { name: 'A', url: 'https://e.com', events: ['session_new'] }, 'body.events[0]'],
			['DELETE', '/v1/department/00000000-0000-4000-8000-000000000000', { unexpected: true }, 'body'],
			['GET', '/V1/contact', undefined, 'path'],
		];
		for (const [method, path, body, key] of refusals) {
			const answer = await call(method, path, body);
			expect({ path, key, status: answer.status, named: answer.json?.details?.violations?.map((v: { key: string }) => v.key) }).toEqual({
				path,
				key,
				status: 400,
				named: [key],
			});
		}
		expect(helena.sandbox.takeViolations()).toHaveLength(refusals.length);
	});

	test('the contract has the 24 endpoints of the spec, each routed by the sandbox', async () => {
		expect(ENDPOINTS).toHaveLength(24);
		expect(new Set(ENDPOINTS.map((e: { method: string; path: string }) => `${e.method} ${e.path}`)).size).toBe(24);
		for (const endpoint of ENDPOINTS) {
			const path = endpoint.path.replace(/\{(\w+)\}/g, (_: string, name: string) =>
				name === 'phone' ? '%2B55%7C11999999999' : '00000000-0000-4000-8000-000000000000',
			);
			const body = endpoint.body ? (endpoint.path.endsWith('/agents') ? { action: 'Upsert', items: [] } : {}) : undefined;
			const answer = await call(endpoint.method, path, body);
			expect({ route: `${endpoint.method} ${endpoint.path}`, status: answer.status }).not.toEqual({
				route: `${endpoint.method} ${endpoint.path}`,
				status: 404,
			});
		}
		helena.sandbox.takeViolations();
	});

	test('what a refusal says, key by key, in the order of the body', () => {
		const body = ENDPOINTS.find(
			(e: { method: string; path: string }) => e.method === 'POST' && e.path === '/v1/webhook/subscription',
		)?.body;
		const found: Problem[] = [];
		checkValue(body, { Name: 'A', url: 'u'.repeat(501), enabled: 'yes', events: ['session_new', null] }, 'body', found);
		expect(found).toEqual([
			{ key: 'body.Name', message: "unknown key 'Name': the contract spells it 'name'" },
			{ key: 'body.url', message: 'must have at most 500 characters, not 501' },
			{ key: 'body.enabled', message: 'must be a boolean, not "yes"' },
			{ key: 'body.events[0]', message: `"session_new" is not one of ${WEBHOOK_EVENTS.join(', ')} (the contract spells it 'SESSION_NEW')` },
			{ key: 'body.events[1]', message: 'must not be null' },
			{ key: 'body.name', message: 'is required' },
		]);
		const query: Problem[] = [];
		checkValue({ type: 'int32', min: 1, max: 100 }, '101', 'query.PageSize', query, true);
		checkValue({ type: 'boolean' }, 'True', 'query.NestedList', query, true);
		checkValue({ type: 'uuid' }, 5, 'path.id', query);
		checkValue({ type: 'list', of: { type: 'string' }, min: 1 }, [], 'body.items', query);
		expect(query).toEqual([
			{ key: 'query.PageSize', message: 'must be between 1 and 100, not 101' },
			{ key: 'query.NestedList', message: 'must be a boolean, not "True"' },
			{ key: 'path.id', message: 'must be a UUID, not 5' },
			{ key: 'body.items', message: 'must have at least 1 item(s)' },
		]);
	});

	test('types: null only where nullable, int32 bounds, uuid and date-time forms', () => {
		const problems = (type: object, value: unknown) => {
			const found: Problem[] = [];
			checkValue(type, value, 'x', found);
			return found.length;
		};
		expect(problems({ type: 'string' }, null)).toBe(1);
		expect(problems({ type: 'string', nullable: true }, null)).toBe(0);
		expect(problems({ type: 'int32', min: 0, max: 2147483647 }, 2147483648)).toBe(1);
		expect(problems({ type: 'int32', min: 0, max: 10 }, 1.5)).toBe(1);
		expect(problems({ type: 'uuid' }, '3fa85f64-5717-4562-b3fc-2c963f66afa6')).toBe(0);
		expect(problems({ type: 'dateTime' }, '2026-08-23T16:42:35.4359934Z')).toBe(0);
		expect(problems({ type: 'dateTime' }, '2026-08-23')).toBe(1);
		expect(problems({ type: 'number', min: 0, max: 2147483647 }, 12.5)).toBe(0);
		expect(problems({ type: 'number', min: 0, max: 2147483647 }, -0.5)).toBe(1);
		expect(problems({ type: 'number' }, -0.5)).toBe(0);
	});
});
