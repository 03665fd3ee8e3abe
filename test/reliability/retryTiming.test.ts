import { useSandbox } from '../engine/sandbox';

/*
 * The waits the transport asks for, recorded instead of slept (n8n-workflow's `sleep`), so the test
 * checks the planned timing without spending it. Pacing is off: only retry waits are recorded.
 */
const mockWaits: number[] = [];
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async (ms: number) => {
		mockWaits.push(ms);
	}),
}));

const getEvents = { resource: 'webhook', operation: 'getEvents' };
const createContact = { resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: '+55|11955550000' };
const noPacing = { requestPacing: 'off' as const };
const LONG_DAYS: Record<string, string> = {
	Mon: 'Monday',
	Tue: 'Tuesday',
	Wed: 'Wednesday',
	Thu: 'Thursday',
	Fri: 'Friday',
	Sat: 'Saturday',
	Sun: 'Sunday',
};

describe('retry timing', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
		helena.sandbox.misbehaviour.clear();
		mockWaits.length = 0;
		// full jitter made predictable: back-off n waits half of min(20 s, 500 ms × 2^(n-1))
		jest.spyOn(Math, 'random').mockReturnValue(0.5);
	});
	afterEach(() => jest.restoreAllMocks());

	const statuses = () => helena.apiRequests().map((request) => request.status);

	test('Retry-After: 3600 on a 429 fails at once, without waiting, and the error says the cap on waiting is why', async () => {
		helena.sandbox.misbehaviour.always({ retryAfter: '3600' });

		const { items, error } = await helena.run(getEvents, { credentials: noPacing });

		expect(items).toEqual([]);
		expect(mockWaits).toEqual([]);
		expect(statuses()).toEqual([429]);
		expect(error?.message).toBe(
			"Helena's rate limit was still exceeded after 1 attempt and the longest wait the node allows per request (120 s) (429 Too Many Requests)",
		);
		expect(error?.description).toContain(
			'The node stopped retrying because it waits at most 120 s in total per request. Helena asked to wait 3600 s more;',
		);
	});

	test('Retry-After: 50 three times waits 50 s twice (100 s), then stops before passing 120 s', async () => {
		helena.sandbox.misbehaviour.always({ retryAfter: '50' });

		const { error } = await helena.run(getEvents, { credentials: noPacing });

		expect(mockWaits).toEqual([50_000, 50_000]);
		expect(statuses()).toEqual([429, 429, 429]);
		expect(error?.message).toContain('after 3 attempts and the longest wait the node allows per request (120 s)');
	});

	test('a 503 with Retry-After: 600 on a read stops at once too, naming the status', async () => {
		helena.sandbox.misbehaviour.always({ retryAfter: '600', status: 503 });

		const { error } = await helena.run(getEvents, { credentials: noPacing });

		expect(mockWaits).toEqual([]);
		expect(statuses()).toEqual([503]);
		expect(error?.message).toBe('Helena answered 503 (TooManyRequests)');
		expect(error?.description).toContain('it waits at most 120 s in total per request. Helena asked to wait 600 s more');
	});

	test.each([
		'-5',
		'',
		'   ',
		'soon',
		'-1.5',
		'NaN',
		'1e3',
		'wait 5',
		'try again in 5',
		'5 s',
		'1.5',
		'Friday',
		'21 Oct 2015',
		'Wed, 31 Feb 2016 07:28:00 GMT',
	])('Retry-After "%s" counts as absent: the exponential back-off is used, never back-to-back retries', async (value) => {
		helena.sandbox.misbehaviour.next({ retryAfter: value, count: 3 });

		const { error } = await helena.run(getEvents, { credentials: noPacing });

		expect(error).toBeUndefined();
		expect(statuses()).toEqual([429, 429, 429, 200]);
		expect(mockWaits).toEqual([250, 500, 1000]);
	});

	test("Retry-After as an HTTP date (all three forms) is read against the Date of Helena's own answer", async () => {
		const now = Date.now();
		helena.sandbox.setClock({ frozen: true, at: new Date(now - 3_600_000).toISOString() });
		try {
			// Helena's clock is an hour behind ours: its date 3 s ahead of its own Date means 3 s, not "long past"
			const inSeconds = (seconds: number) => new Date(now - 3_600_000 + seconds * 1000);
			helena.sandbox.misbehaviour.next({ retryAfter: inSeconds(3).toUTCString() });
			const rfc850 = inSeconds(4)
				.toUTCString()
				.replace(
					/^(\w{3}), (\d{2}) (\w{3}) \d{2}(\d{2})/,
					(_m, day: string, date: string, month: string, yy: string) => `${LONG_DAYS[day]}, ${date}-${month}-${yy}`,
				);
			helena.sandbox.misbehaviour.next({ retryAfter: rfc850 });
			const [day, , month, year, time] = inSeconds(5).toUTCString().replace(',', '').split(' ');
			const date = inSeconds(5).getUTCDate();
			helena.sandbox.misbehaviour.next({ retryAfter: `${day} ${month} ${String(date).padStart(2, ' ')} ${time} ${year}` });

			const { error } = await helena.run(getEvents, { credentials: noPacing });

			expect(error).toBeUndefined();
			expect(mockWaits).toEqual([3000, 4000, 5000]);
		} finally {
			helena.sandbox.setClock({ real: true });
		}
	});

	test('Retry-After as an HTTP date in the past means now; a valid number of seconds is honoured', async () => {
		helena.sandbox.misbehaviour.next({ retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' });
		helena.sandbox.misbehaviour.next({ retryAfter: '2' });

		const { error } = await helena.run(getEvents, { credentials: noPacing });

		expect(error).toBeUndefined();
		expect(mockWaits).toEqual([0, 2000]);
	});

	test('a plain create answered 429 with Retry-After: 3600 is not sent again either', async () => {
		helena.sandbox.misbehaviour.always({ retryAfter: '3600', method: 'POST' });

		const { error } = await helena.run(createContact, { credentials: noPacing });

		expect(statuses()).toEqual([429]);
		expect(error?.message).toContain('(120 s)');
		const phones = [...helena.sandbox.state.contacts.values()].map((contact: { phoneNumber: string }) => contact.phoneNumber);
		expect(phones).not.toContain('+55|11955550000');
	});
});
