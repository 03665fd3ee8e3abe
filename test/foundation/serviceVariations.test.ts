import { useTrigger } from '../engine/runTrigger';
import { useSandbox } from '../engine/sandbox';

import { isNotFound, readErrorBody, statusCodeOf } from '../../nodes/Helena/transport/errors';

import { demo } from '../sandbox';

/** The node reads every form the service legitimately varies in (the sandbox's variations switches). */
describe('What Helena varies, read right', () => {
	const helena = useSandbox();
	const MISSING = '0b0b0b0b-0000-4000-8000-000000000000';
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
		helena.sandbox.variations.reset();
	});

	const forms = ['name', 'number', 'upperSnake', 'upper'];

	test.each(forms)('httpStatusCode as %s: a missing record (HTTP 500 FORM_ERROR or 404) is "not found"', async (statusCode) => {
		for (const notFound of ['formError500', 'http404']) {
			helena.sandbox.setVariations({ statusCode, notFound });
			const { error } = await helena.run({ resource: 'contact', operation: 'get', contact: { __rl: true, mode: 'id', value: MISSING } });
			expect([notFound, error?.message]).toEqual([notFound, `No contact with the ID "${MISSING}" exists in Helena`]);
		}
	});

	test.each(forms)('httpStatusCode as %s: a 503 reads as ServiceUnavailable', async (statusCode) => {
		helena.sandbox.setVariations({ statusCode });
		helena.sandbox.failNext(1, { status: 503, method: 'POST', path: '/v1/contact' });
		const { error } = await helena.run({ resource: 'contact', operation: 'create', name: 'Once', phoneNumber: '+55|11933332222' });
		expect(error?.message).toBe('Helena answered 503 (ServiceUnavailable)');
	});

	test("a 404 without Helena's error body is a path Helena does not have, not a missing record", () => {
		expect(isNotFound(404, readErrorBody(''))).toBe(false);
		expect(isNotFound(404, readErrorBody('<html>Not Found</html>'))).toBe(false);
		expect(isNotFound(404, readErrorBody({ key: 'NOT_FOUND', text: 'Contato não encontrado', httpStatusCode: 404 }))).toBe(true);
		expect([404, 'NotFound', 'NOT_FOUND', 'NOTFOUND', '404'].map(statusCodeOf)).toEqual([404, 404, 404, 404, 404]);
		// a 500 whose body means 404, in any form, is a missing record (and is therefore never retried)
		expect(isNotFound(500, readErrorBody({ key: 'SOMETHING', httpStatusCode: 'NOT_FOUND' }))).toBe(true);
		expect(isNotFound(500, readErrorBody({ key: 'SOMETHING', httpStatusCode: 500 }))).toBe(false);
	});

	test("an ASP.NET validation answer: the node's error shows its errors detail", async () => {
		helena.sandbox.setVariations({ validation: 'aspnet' });
		const { error } = await helena.run({
			resource: 'contact',
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			options: { orderBy: 'shoeSize' },
		});
		expect(error?.message).toBe(
			"Helena rejected the request: One or more validation errors occurred. $.OrderBy: O valor 'shoeSize' não é válido para 'OrderBy'. Valores aceitos: " +
				'id, createdAt, updatedAt, companyId, name, nameWhatsapp, nameInstagram, nameMessenger, phoneNumber, phoneNumberFormatted, email, instagram, messengerId, annotation, status, origin, importedAt',
		);
		expect((error as { description?: string }).description).toContain('$.OrderBy:');
	});

	test.each([
		['bearer', 'bearer', undefined],
		['bearer', 'raw', 'Helena rejected the API key (401 Unauthorized)'],
		['raw', 'raw', undefined],
		['raw', 'bearer', 'Helena rejected the API key (401 Unauthorized)'],
	] as const)('a Helena that takes only the %s form, credential format %s', async (auth, authorizationFormat, failure) => {
		helena.sandbox.setVariations({ auth });
		const { error } = await helena.run({ resource: 'webhook', operation: 'getEvents' }, { credentials: { authorizationFormat } });
		expect(error?.message).toBe(failure);
		if (failure) expect((error as { description?: string }).description).toContain('Authorization Format');
	});

	describe('webhook date', () => {
		const startTrigger = useTrigger(helena);
		test.each([
			['ticks', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z$/],
			['millis', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/],
			['seconds', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/],
		])('a delivered date with %s precision reaches the workflow as Helena wrote it', async (webhookDate, form) => {
			helena.sandbox.setVariations({ webhookDate });
			const trigger = await startTrigger();
			await trigger.activate();
			await helena.sandbox.deliver('SESSION_NEW', { contactId: demo.contactId(1) });
			const [[item]] = trigger.executions;
			expect(item.json.date).toMatch(form);
			expect(item.json.date).toBe(helena.sandbox.deliveries.at(-1).body.date);
		});
	});
});
