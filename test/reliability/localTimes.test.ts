import type { IDataObject } from 'n8n-workflow';

import { demo } from '../sandbox';
import { PollHarness, POLLING_TRIGGERS } from '../engine/runPoll';
import { allRequests, byId, MARIA_PHONE, scheduleTemplate, useChatSandbox } from '../chat/chatFixture';

const YEAR = new Date().getUTCFullYear() + 1;
const two = (n: number) => String(n).padStart(2, '0');
/** The day of the month of the n-th Sunday of a month (n = -1: the last). */
function sunday(month: number, n: number): number {
	const days = new Date(Date.UTC(YEAR, month, 0)).getUTCDate();
	const sundays = Array.from({ length: days }, (_, i) => i + 1).filter((day) => new Date(Date.UTC(YEAR, month - 1, day)).getUTCDay() === 0);
	return n > 0 ? sundays[n - 1] : sundays[sundays.length + n];
}
// New York: the clock skips 02:00-03:00 on March's second Sunday, and passes 01:00-02:00 twice on November's first
const NY_SKIPPED = `${YEAR}-03-${two(sunday(3, 2))}T02:30:00`;
const NY_TWICE = `${YEAR}-11-${two(sunday(11, 1))}T01:30:00`;
// Berlin: 02:00-03:00 skipped on March's last Sunday, 02:00-03:00 twice on October's last
const BERLIN_SKIPPED = `${YEAR}-03-${two(sunday(3, -1))}T02:30:00`;
const BERLIN_TWICE = `${YEAR}-10-${two(sunday(10, -1))}T02:30:00`;
/** Send and Wait to Maria, waiting for her answer until `maxDateAndTime`. */
const sendAndWaitUntil = (maxDateAndTime: string) => ({
	resource: 'message',
	operation: 'sendAndWait',
	sendTo: 'phone',
	phoneNumber: MARIA_PHONE,
	message: 'Can you confirm Monday 10:00?',
	limitType: 'atSpecifiedTime',
	maxDateAndTime,
});
/** Scheduled Message → Update of the demo's scheduled message to `scheduledAt`. */
const rescheduleTo = (scheduledAt: string, timezone?: string) => ({
	resource: 'scheduledMessage',
	operation: 'update',
	scheduledMessageId: demo.scheduledMessageId,
	updateFields: timezone ? { scheduledAt, timezone } : { scheduledAt },
});
const utc = (text: string, hours: number) => new Date(Date.parse(`${text}Z`) + hours * 3_600_000).toISOString();

/*
 * A local time read on the clock of a timezone, where daylight saving skips an hour or passes it twice:
 * refused with both readings named (and how to choose one), never moved by an hour. One reader serves
 * every operation that reads a local time (Scheduled Message → Create and Update, Send and Wait's limit).
 */
describe('local times at a daylight-saving change', () => {
	const helena = useChatSandbox();

	test.each([
		[
			'a time New York skips',
			NY_SKIPPED,
			'America/New_York',
			`does not exist in America/New_York (the clock skips it at a daylight-saving change): it could be ${utc(NY_SKIPPED, 4)} (${NY_SKIPPED}-04:00) or ${utc(NY_SKIPPED, 5)} (${NY_SKIPPED}-05:00)`,
		],
		[
			'a time New York has twice',
			NY_TWICE,
			'America/New_York',
			`happens twice in America/New_York (the clock passes it twice at a daylight-saving change): it could be ${utc(NY_TWICE, 4)} (${NY_TWICE}-04:00) or ${utc(NY_TWICE, 5)} (${NY_TWICE}-05:00)`,
		],
		[
			'a time Berlin skips',
			BERLIN_SKIPPED,
			'Europe/Berlin',
			`does not exist in Europe/Berlin (the clock skips it at a daylight-saving change): it could be ${utc(BERLIN_SKIPPED, -2)} (${BERLIN_SKIPPED}+02:00) or ${utc(BERLIN_SKIPPED, -1)} (${BERLIN_SKIPPED}+01:00)`,
		],
		[
			'a time Berlin has twice',
			BERLIN_TWICE,
			'Europe/Berlin',
			`happens twice in Europe/Berlin (the clock passes it twice at a daylight-saving change): it could be ${utc(BERLIN_TWICE, -2)} (${BERLIN_TWICE}+02:00) or ${utc(BERLIN_TWICE, -1)} (${BERLIN_TWICE}+01:00)`,
		],
	])('Scheduled Message → Create: %s is refused with both readings, nothing sent', async (_case, scheduledAt, timezone, problem) => {
		const { error } = await helena.run(scheduleTemplate({ scheduledAt, timezone }));

		expect(error?.message).toBe(`Scheduled At ${scheduledAt} ${problem} (item 0)`);
		expect(error?.description).toMatch(/^Write the time with its offset to say which one, such as /);
		expect(allRequests(helena)).toEqual([]);
	});

	test('Scheduled Message → Update: the same rule; the time with its offset is taken as written', async () => {
		const refused = await helena.run(rescheduleTo(BERLIN_TWICE, 'Europe/Berlin'));
		expect(refused.error?.message).toMatch(new RegExp(`^Scheduled At ${BERLIN_TWICE} happens twice in Europe/Berlin`));
		expect(allRequests(helena)).toEqual([]);

		const chosen = await helena.run(rescheduleTo(`${BERLIN_TWICE}+01:00`, 'Europe/Berlin'));
		expect(chosen.error).toBeUndefined();
		expect(allRequests(helena).find((request) => request.method === 'PUT')?.body).toMatchObject({ scheduling: utc(BERLIN_TWICE, -1) });
	});

	test('the hour next to the change is read on the right side of it (no silent shift)', async () => {
		const before = `${NY_SKIPPED.slice(0, 11)}01:30:00`;
		const after = `${NY_SKIPPED.slice(0, 11)}03:30:00`;

		await helena.run(scheduleTemplate({ scheduledAt: before, timezone: 'America/New_York' }));
		await helena.run(scheduleTemplate({ scheduledAt: after, timezone: 'America/New_York' }));

		expect(
			allRequests(helena)
				.filter((request) => request.method === 'POST')
				.map((request) => (request.body as IDataObject).scheduling),
		).toEqual([utc(before, 5), utc(after, 4)]);
	});

	test("Send and Wait: a Max Date and Time the workflow's timezone skips is refused with both readings, and nothing is sent", async () => {
		const { error, run } = await helena.run(sendAndWaitUntil(NY_SKIPPED));

		// the test workflow has no timezone of its own: n8n's default, America/New_York
		expect(error?.message).toBe(
			`Max Date and Time ${NY_SKIPPED} does not exist in America/New_York (the clock skips it at a daylight-saving change): it could be ${utc(NY_SKIPPED, 4)} (${NY_SKIPPED}-04:00) or ${utc(NY_SKIPPED, 5)} (${NY_SKIPPED}-05:00) (item 0)`,
		);
		expect(allRequests(helena)).toEqual([]);
		expect(run.waitTill).toBeUndefined();
	});
});

/*
 * An offset no timezone has (minutes past 59, hours past 14) is refused by the one date reader, naming the field and
 * the item, where it used to pass the reader and end in a bare "Invalid time value" (or, for Send and Wait, a time
 * limit "past 3000-01-01").
 */
describe('offsets that ISO 8601 and RFC 3339 do not allow', () => {
	const helena = useChatSandbox();
	const OFFSETS = ['+05:60', '+24:00', '-12:99', '+14:30', '-14:01'];
	const at = (offset: string) => `${YEAR}-06-10T09:00:00${offset}`;
	const refusal = (label: string, offset: string, written = at(offset)) =>
		`${label} is not a date and time Helena can read: its offset ${offset} is not one a date and time can carry (from -14:00 to +14:00, minutes 00 to 59): "${written}" (item 0)`;

	test.each(OFFSETS)('Scheduled Message → Create and Update: %s is refused naming Scheduled At, nothing sent', async (offset) => {
		const created = await helena.run(scheduleTemplate({ scheduledAt: at(offset) }));
		const updated = await helena.run(rescheduleTo(at(offset)));

		expect(created.error?.message).toBe(refusal('Scheduled At', offset));
		expect(updated.error?.message).toBe(refusal('Scheduled At', offset));
		expect(allRequests(helena)).toEqual([]);
	});

	test.each(OFFSETS)('Send and Wait: a Max Date and Time with %s is refused naming the field, not as a limit past 3000', async (offset) => {
		const { error, run } = await helena.run(sendAndWaitUntil(at(offset)));

		expect(error?.message).toBe(refusal('Max Date and Time', offset));
		expect(allRequests(helena)).toEqual([]);
		expect(run.waitTill).toBeUndefined();
	});

	test.each(OFFSETS)('a polling trigger’s Start From with %s is refused naming Start From, before any request', async (offset) => {
		const triggers = [
			[POLLING_TRIGGERS.contact, ['contactCreated', 'contactUpdated']],
			[POLLING_TRIGGERS.conversation, ['conversationCreated', 'conversationUpdated']],
		] as const;
		for (const [trigger, events] of triggers) {
			const workflow = new PollHarness(helena.credentials, { events: [...events], options: { startFrom: at(offset) } }, trigger);
			await expect(workflow.activate()).rejects.toThrow(`"Start From" is not a date: "${at(offset)}"`);
		}
		expect(allRequests(helena)).toEqual([]);
	});

	test('the widest offsets the rule allows, -14:00 and +14:00 (and -13:00 between), are read as written', async () => {
		const offsets = ['+14:00', '-14:00', '-13:00'];
		for (const offset of offsets) expect((await helena.run(scheduleTemplate({ scheduledAt: at(offset) }))).error).toBeUndefined();

		expect(
			allRequests(helena)
				.filter((request) => request.method === 'POST')
				.map((request) => (request.body as IDataObject).scheduling),
		).toEqual(offsets.map((offset) => new Date(Date.parse(at(offset))).toISOString()));
	});

	// n8n hands a Luxon DateTime from an expression as it is; it must meet the rule a typed date meets
	const luxon = (zone: string) => `={{ DateTime.fromISO("${YEAR}-06-10T09:00:00", { zone: "${zone}" }) }}`;
	const luxonText = (offset: string) => `${YEAR}-06-10T09:00:00.000${offset}`;

	test('a Luxon DateTime at +15:00 is refused with the same words by Scheduled Message → Create and Update, Send and Wait, a date filter and a DATE custom field; nothing sent', async () => {
		const refusalOf = (label: string) => refusal(label, '+15:00', luxonText('+15:00'));
		const created = await helena.run(scheduleTemplate({ scheduledAt: luxon('UTC+15') }));
		const updated = await helena.run(rescheduleTo(luxon('UTC+15')));
		const waited = await helena.run(sendAndWaitUntil(luxon('UTC+15')));
		const filtered = await helena.run({ resource: 'contact', operation: 'getAll', limit: 5, filters: { createdAfter: luxon('UTC+15') } });
		const customField = await helena.run({
			resource: 'contact',
			operation: 'update',
			contact: byId(demo.contactId(1)),
			updateFields: { customFieldsJson: `={{ { data_nascimento: ${luxon('UTC+15').slice(4, -3)} } }}` },
		});

		expect(created.error?.message).toBe(refusalOf('Scheduled At'));
		expect(updated.error?.message).toBe(refusalOf('Scheduled At'));
		expect(waited.error?.message).toBe(refusalOf('Max Date and Time'));
		expect(filtered.error?.message).toBe(refusalOf('Created After'));
		expect(customField.error?.message).toBe(refusalOf('Custom Fields: "Data de nascimento"'));
		// only the read of the custom field definitions, to know the field is a DATE
		expect(allRequests(helena).map((request) => `${request.method} ${request.path}`)).toEqual(['GET /core/v1/contact/custom-field']);
	});

	test('a polling trigger’s Start From given as a Luxon DateTime at +15:00 is refused before any request', async () => {
		const workflow = new PollHarness(
			helena.credentials,
			{ events: ['contactCreated'], options: { startFrom: luxon('UTC+15') } },
			POLLING_TRIGGERS.contact,
		);
		await expect(workflow.activate()).rejects.toThrow(`"Start From" is not a date: "${luxonText('+15:00')}"`);
		expect(allRequests(helena)).toEqual([]);
	});

	test('a Luxon DateTime at +14:00 and a JavaScript Date are read as the instants they are', async () => {
		const zoned = await helena.run(scheduleTemplate({ scheduledAt: luxon('UTC+14') }));
		const date = await helena.run(scheduleTemplate({ scheduledAt: `={{ new Date(Date.UTC(${YEAR}, 5, 10, 9)) }}` }));

		expect(zoned.error).toBeUndefined();
		expect(date.error).toBeUndefined();
		expect(
			allRequests(helena)
				.filter((request) => request.method === 'POST')
				.map((request) => (request.body as IDataObject).scheduling),
		).toEqual([new Date(Date.parse(at('+14:00'))).toISOString(), `${YEAR}-06-10T09:00:00.000Z`]);
	});
});

/*
 * ISO 8601 lets `t` and `z` be written in lower case, and the one date reader accepts them: every reader after it
 * reads them as `T` and `Z`, so `…t09:00:00` is the same time as `…T09:00:00` (it was refused as "not a date and
 * time" by the local-time reader).
 */
describe('a date and time written with a lower-case t or z', () => {
	const helena = useChatSandbox();
	const upper = `${YEAR}-06-10T09:00:00`;
	const lower = `${YEAR}-06-10t09:00:00`;

	test('Scheduled Message → Create reads …t09:00:00 as …T09:00:00', async () => {
		helena.sandbox.clearRequests();
		const created = await helena.run(scheduleTemplate({ scheduledAt: lower }));
		const reference = await helena.run(scheduleTemplate({ scheduledAt: upper }));
		expect(created.error).toBeUndefined();
		expect(reference.error).toBeUndefined();
		expect(created.items[0].json.scheduledAt ?? created.items[0].json.scheduling).toBe(
			reference.items[0].json.scheduledAt ?? reference.items[0].json.scheduling,
		);
	});

	test('Send and Wait reads a Max Date and Time …t09:00:00 as …T09:00:00', async () => {
		const waiting = await helena.run(sendAndWaitUntil(lower));

		expect(waiting.error).toBeUndefined();
		// the workflow's timezone, n8n's default America/New_York, is 4 hours behind UTC in June
		expect(waiting.run.waitTill?.toISOString()).toBe(`${YEAR}-06-10T13:00:00.000Z`);
	});
});
