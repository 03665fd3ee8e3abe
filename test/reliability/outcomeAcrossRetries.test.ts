import type { INodeParameters, NodeApiError } from 'n8n-workflow';

import { useSandbox } from '../engine/sandbox';
import { byId } from '../helpers/requests';
import { demo } from '../sandbox';
import { blockIn2411 } from './ssrfBlock';

/*
 * A request whose first attempt reached Helena and lost its answer (a 503) may have been applied, whatever its
 * repeat meets: n8n's SSRF protection, a refused connection, a refusal. The error's words state that outcome, as
 * its `outcome` field does; "Nothing was sent" is said only of a request of which nothing was.
 */

/** Repeatable writes: each operation, its parameters and the method of its request. */
const UPDATES: Array<[string, () => INodeParameters, 'PUT' | 'POST']> = [
	[
		'Contact → Update',
		() => ({ resource: 'contact', operation: 'update', contact: byId(demo.contactId(1)), updateFields: { name: 'Maria S.' } }),
		'PUT',
	],
	[
		'Department → Update',
		() => ({
			resource: 'department',
			operation: 'update',
			department: byId(demo.departmentId('Suporte')),
			updateFields: { name: 'Suporte N2' },
		}),
		'PUT',
	],
	[
		'User → Set Status',
		() => ({ resource: 'user', operation: 'setStatus', user: byId(demo.userId('Diego Alves')), status: 'Blocked' }),
		'POST',
	],
];

const LOST = /An earlier attempt reached Helena and its answer was lost, so Helena may have applied the request/;

describe('the words of an error state the outcome of the request, across its attempts', () => {
	const helena = useSandbox();
	let block: ReturnType<typeof blockIn2411> | undefined;
	beforeEach(() => {
		helena.resetToDemo();
		helena.sandbox.misbehaviour.clear();
	});
	afterEach(() => block?.restore());
	const outcomeOf = (error: unknown) => (error as NodeApiError).context.outcome;

	test.each(UPDATES)(
		'%s: answered 503, its repeat blocked by n8n: "may have applied", never "Nothing was sent"',
		async (_name, parameters, method) => {
			helena.sandbox.misbehaviour.next({ method, status: 503, retryAfter: '0' });
			block = blockIn2411({ auth: true, fromCall: 2 });

			const { error } = await helena.run(parameters());

			expect(block.calls.auth).toBe(2);
			expect(helena.apiRequests().filter((request) => request.method === method)).toHaveLength(1);
			expect(outcomeOf(error)).toBe('unknown');
			expect(error?.message).toMatch(/^n8n blocked the repeat of the request to http:\/\/127\.0\.0\.1:\d+: its SSRF protection/);
			expect(error?.description).not.toMatch(/Nothing was sent/);
			expect(error?.description).toMatch(/^The repeat was not sent to Helena: n8n does not allow connections to 127\.0\.0\.1\./);
			expect(error?.description).toMatch(LOST);
		},
	);

	test.each(UPDATES)('%s under Continue On Fail: the error item says the same', async (_name, parameters, method) => {
		helena.sandbox.misbehaviour.next({ method, status: 503, retryAfter: '0' });
		block = blockIn2411({ auth: true, fromCall: 2 });

		const { items } = await helena.run(parameters(), { continueOnFail: true });

		expect(String(items[0].json.description)).not.toMatch(/Nothing was sent/);
		expect(String(items[0].json.description)).toMatch(LOST);
	});

	test('a request blocked at its first attempt still says "Nothing was sent", and its outcome is not applied', async () => {
		block = blockIn2411({ auth: true });

		const { error } = await helena.run(UPDATES[0][1]());

		expect(outcomeOf(error)).toBe('notApplied');
		expect(error?.description).toMatch(/^Nothing was sent to Helena: /);
		expect(error?.description).not.toMatch(LOST);
	});

	test('Contact → Update answered 503, then refused (400): the refusal is quoted, and the outcome said', async () => {
		helena.sandbox.misbehaviour.next({ method: 'PUT', status: 503, retryAfter: '0' });
		helena.sandbox.misbehaviour.next({ method: 'PUT', status: 400, body: { key: 'FORM_ERROR', text: 'Nome inválido' } });

		const { error } = await helena.run(UPDATES[0][1]());

		expect(outcomeOf(error)).toBe('unknown');
		expect(error?.message).toBe('Helena rejected the request: Nome inválido');
		expect(error?.description).toMatch(LOST);
	});
});
