import type { IDataObject } from 'n8n-workflow';

import { expectRefused } from '../helpers/refused';
import { demo } from '../sandbox';
import {
	allRequests,
	byId,
	byNumber,
	COMERCIAL,
	MARIA_PHONE,
	MISSING,
	scheduleTemplate,
	SUPORTE_CHANNEL,
	useChatSandbox,
} from '../chat/chatFixture';

const BOAS_VINDAS = demo.templateId('boas_vindas');
const FATURA = demo.templateId('fatura');
const TRIAGEM_KEY = demo.chatbotKey('Triagem');
const DEMO_ID = demo.scheduledMessageId;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

const lines = (helena: ReturnType<typeof useChatSandbox>) => allRequests(helena).map((request) => `${request.method} ${request.path}`);

describe('Scheduled Message resource', () => {
	const helena = useChatSandbox();

	describe('Create', () => {
		test('a template with its parameters, at 09:00 in the stated timezone: Helena gets the instant in UTC', async () => {
			const { items, error } = await helena.run(scheduleTemplate({ options: { hiddenSession: true } }));

			expect(error).toBeUndefined();
			const create = allRequests(helena).find((request) => request.method === 'POST');
			expect(create).toEqual({
				method: 'POST',
				path: '/chat/v1/scheduled-message',
				query: {},
				body: {
					to: MARIA_PHONE,
					from: COMERCIAL.number,
					type: 'TEMPLATE',
					templateId: BOAS_VINDAS,
					templateParams: { parameters: { nome: 'Maria' } },
					scheduling: `${NEXT_YEAR}-01-15T12:00:00.000Z`,
					hiddenSession: true,
				},
			});
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({ status: 'SCHEDULED', type: 'TEMPLATE', scheduling: `${NEXT_YEAR}-01-15T12:00:00.000Z` });
			expect(items[0].pairedItem).toEqual({ item: 0 });
		});

		test('a value with its own offset is read as written, whatever the timezone', async () => {
			const { error } = await helena.run(scheduleTemplate({ scheduledAt: `${NEXT_YEAR}-03-01T10:30:00+01:00`, timezone: '' }));
			expect(error).toBeUndefined();
			const body = allRequests(helena).find((request) => request.method === 'POST')?.body as IDataObject;
			expect(body.scheduling).toBe(`${NEXT_YEAR}-03-01T09:30:00.000Z`);
		});

		test('a chatbot, without a channel (Helena chooses it), for a department', async () => {
			const department = demo.departmentId('Suporte');
			const { items, error } = await helena.run({
				resource: 'scheduledMessage',
				operation: 'create',
				type: 'CHATBOT',
				phoneNumber: MARIA_PHONE,
				chatbot: byId(TRIAGEM_KEY),
				scheduledAt: `${NEXT_YEAR}-06-01T08:00:00Z`,
				options: { department: byId(department) },
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena).map((request) => request.body)).toEqual([
				{
					to: MARIA_PHONE,
					type: 'CHATBOT',
					botKey: TRIAGEM_KEY,
					scheduling: `${NEXT_YEAR}-06-01T08:00:00.000Z`,
					department: { id: department },
				},
			]);
			expect(items[0].json).toMatchObject({ type: 'CHATBOT', botId: TRIAGEM_KEY, departmentId: department });
		});

		test('a schedule in the past is refused before any request', async () => {
			helena.sandbox.clearRequests();
			const { error } = await helena.run(scheduleTemplate({ scheduledAt: '2020-05-01T09:00:00' }));
			expect(error?.message).toMatch(
				/^Scheduled At is in the past: 2020-05-01T09:00:00 \(America\/Sao_Paulo\) is 2020-05-01T12:00:00.000Z, before now \(.+\) \(item 0\)$/,
			);
			expect(error?.name).toBe('NodeOperationError');
			expect(allRequests(helena)).toEqual([]);
		});

		test('a day without a time, an unknown timezone and a missing template parameter are refused', async () => {
			await expectRefused(
				helena,
				scheduleTemplate({ scheduledAt: `${NEXT_YEAR}-01-15` }),
				undefined,
				`Scheduled At needs a time as well as a day, such as ${NEXT_YEAR}-01-15T09:00:00 (item 0)`,
			);
			await expectRefused(
				helena,
				scheduleTemplate({ timezone: 'Mars/Olympus' }),
				undefined,
				'Timezone "Mars/Olympus" is not a timezone name such as America/Sao_Paulo or UTC (item 0)',
			);
			helena.sandbox.clearRequests();
			const missing = await helena.run(scheduleTemplate({ template: byId(FATURA), templateParameters: {} }));
			expect(missing.error?.message).toBe('Template Parameters lacks "nome", "valor", required by the template "fatura" (item 0)');
			expect(lines(helena)).toEqual(['GET /chat/v1/channel', 'GET /chat/v1/template']);
		});

		test('a template with a document header takes its file by URL', async () => {
			const { error } = await helena.run(
				scheduleTemplate({
					template: byId(FATURA),
					templateParameters: {
						parameter: [
							{ name: 'nome', value: 'Maria' },
							{ name: 'valor', value: 'R$ 10' },
						],
					},
					fileSource: 'url',
					fileUrl: 'https://cdn.example.com/fatura.pdf',
				}),
			);
			expect(error).toBeUndefined();
			const body = allRequests(helena).find((request) => request.method === 'POST')?.body as IDataObject;
			expect(body.templateParams).toEqual({
				parameters: { nome: 'Maria', valor: 'R$ 10' },
				fileUrl: 'https://cdn.example.com/fatura.pdf',
			});
		});
	});

	describe('Get Many and Get', () => {
		test('Get Many sends the filters by their documented names and returns one item per scheduled message', async () => {
			const { items, error } = await helena.run({
				resource: 'scheduledMessage',
				operation: 'getAll',
				returnAll: true,
				filters: { status: 'SCHEDULED', type: 'TEMPLATE', phoneNumber: demo.contactPhone(1), scheduledAfter: '2025-01-01T00:00:00Z' },
				options: { includeDetails: ['Contact', 'Template'] },
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{
					method: 'GET',
					path: '/chat/v1/scheduled-message',
					query: {
						Status: 'SCHEDULED',
						Type: 'TEMPLATE',
						To: demo.contactPhone(1),
						'ScheduledAt.After': '2025-01-01T00:00:00Z',
						IncludeDetails: ['Contact', 'Template'],
						PageNumber: '1',
						PageSize: '100',
					},
					body: undefined,
				},
			]);
			expect(items.map((item) => item.json.id)).toEqual([DEMO_ID]);
			expect(items[0].json.template).toMatchObject({ name: 'boas_vindas' });
		});

		test('Get reads one by ID with its details; a missing one is an error that names it', async () => {
			const { items, error } = await helena.run({
				resource: 'scheduledMessage',
				operation: 'get',
				scheduledMessageId: DEMO_ID,
				options: { includeDetails: ['Channel'] },
			});
			expect(error).toBeUndefined();
			expect(allRequests(helena)[0].query).toEqual({ includeDetails: 'Channel' });
			expect(items[0].json).toMatchObject({ id: DEMO_ID, channel: { id: COMERCIAL.id } });

			const missing = await helena.run({ resource: 'scheduledMessage', operation: 'get', scheduledMessageId: MISSING });
			expect(missing.error?.message).toBe(`The scheduled message with ID "${MISSING}" was not found in Helena`);
		});
	});

	describe('Update', () => {
		test('the fields list names only what was set: a new time is `Scheduling` alone', async () => {
			const { items, error } = await helena.run({
				resource: 'scheduledMessage',
				operation: 'update',
				scheduledMessageId: DEMO_ID,
				updateFields: { scheduledAt: `${NEXT_YEAR}-02-01T10:00:00`, timezone: 'UTC', hiddenSession: true },
			});

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{
					method: 'PUT',
					path: `/chat/v1/scheduled-message/${DEMO_ID}`,
					query: {},
					body: { fields: ['Scheduling', 'HiddenSession'], scheduling: `${NEXT_YEAR}-02-01T10:00:00.000Z`, hiddenSession: true },
				},
			]);
			expect(items[0].json).toMatchObject({ scheduling: `${NEXT_YEAR}-02-01T10:00:00.000Z`, hiddenSession: true });
		});

		test("new parameters are checked against the message's own template (read first) and sent whole", async () => {
			const { error } = await helena.run({
				resource: 'scheduledMessage',
				operation: 'update',
				scheduledMessageId: DEMO_ID,
				updateFields: { templateParameters: { parameter: [{ name: 'nome', value: 'Dona Maria' }] } },
			});

			expect(error).toBeUndefined();
			expect(lines(helena)).toEqual([
				`GET /chat/v1/scheduled-message/${DEMO_ID}`,
				'GET /chat/v1/channel',
				'GET /chat/v1/template',
				`PUT /chat/v1/scheduled-message/${DEMO_ID}`,
			]);
			expect(allRequests(helena)[3].body).toEqual({ fields: ['TemplateParams'], templateParams: { parameters: { nome: 'Dona Maria' } } });
		});

		test('switching to a chatbot sends Type and BotId; an empty update and a past time are refused before any request', async () => {
			const { error } = await helena.run({
				resource: 'scheduledMessage',
				operation: 'update',
				scheduledMessageId: DEMO_ID,
				updateFields: { chatbot: byId(TRIAGEM_KEY) },
			});
			expect(error).toBeUndefined();
			expect(allRequests(helena)[0].body).toEqual({ fields: ['Type', 'BotId'], type: 'CHATBOT', botKey: TRIAGEM_KEY });

			await expectRefused(
				helena,
				{ resource: 'scheduledMessage', operation: 'update', scheduledMessageId: DEMO_ID, updateFields: {} },
				undefined,
				'Update Fields is empty: add at least one field to change (item 0)',
			);
			helena.sandbox.clearRequests();
			const past = await helena.run({
				resource: 'scheduledMessage',
				operation: 'update',
				scheduledMessageId: DEMO_ID,
				updateFields: { scheduledAt: '2021-01-01T00:00:00Z' },
			});
			expect(past.error?.message).toMatch(/^Scheduled At is in the past/);
			expect(allRequests(helena)).toEqual([]);
		});

		test('moving a template message to a channel its template is not of is refused before any change, naming both; a channel that has it is sent as From', async () => {
			const { error } = await helena.run({
				resource: 'scheduledMessage',
				operation: 'update',
				scheduledMessageId: DEMO_ID,
				updateFields: { channel: byNumber(SUPORTE_CHANNEL.number) },
			});
			expect(error?.message).toBe(
				`Channel is WhatsApp Suporte (${SUPORTE_CHANNEL.number}), but the message's template "${BOAS_VINDAS}" is not a template of that channel (item 0)`,
			);
			expect(lines(helena).filter((line) => line.startsWith('PUT'))).toEqual([]);

			helena.sandbox.clearRequests();
			const same = await helena.run({
				resource: 'scheduledMessage',
				operation: 'update',
				scheduledMessageId: DEMO_ID,
				updateFields: { channel: byNumber(COMERCIAL.number) },
			});
			expect(same.error).toBeUndefined();
			expect(allRequests(helena).at(-1)?.body).toEqual({ fields: ['From'], from: COMERCIAL.number });
		});

		test("a message already sent cannot be changed: the error carries Helena's reason", async () => {
			helena.sandbox.chat.markScheduledSent(DEMO_ID);
			const { error } = await helena.run({
				resource: 'scheduledMessage',
				operation: 'update',
				scheduledMessageId: DEMO_ID,
				updateFields: { hiddenSession: true },
			});
			expect(`${error?.message} ${error?.description}`).toContain('Mensagens já enviadas não podem ser editadas');
		});
	});

	describe('Cancel and Cancel Many', () => {
		test('Cancel is safe to repeat: the second run finds it cancelled and outputs the same', async () => {
			const parameters = { resource: 'scheduledMessage', operation: 'cancel', scheduledMessageId: DEMO_ID };
			const first = await helena.run(parameters);
			const second = await helena.run(parameters);

			expect(first.error).toBeUndefined();
			expect(second.error).toBeUndefined();
			expect(first.items[0].json).toEqual({ id: DEMO_ID, cancelled: true });
			expect(second.items[0].json).toEqual({ id: DEMO_ID, cancelled: true });
			expect(lines(helena)).toEqual([
				`POST /chat/v1/scheduled-message/${DEMO_ID}/cancel`,
				`POST /chat/v1/scheduled-message/${DEMO_ID}/cancel`,
				`GET /chat/v1/scheduled-message/${DEMO_ID}`,
			]);
			expect(helena.sandbox.chat.scheduledMessages()[0]).toMatchObject({ status: 'CANCELED' });
		});

		test('applied, answer lost: the repeat is refused, the message is read, and the output is that of a first success', async () => {
			helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'POST', path: `/chat/v1/scheduled-message/${DEMO_ID}/cancel` });

			const { items, error } = await helena.run({ resource: 'scheduledMessage', operation: 'cancel', scheduledMessageId: DEMO_ID });

			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([{ id: DEMO_ID, cancelled: true }]);
			expect(lines(helena)).toEqual([
				`POST /chat/v1/scheduled-message/${DEMO_ID}/cancel`,
				`POST /chat/v1/scheduled-message/${DEMO_ID}/cancel`,
				`GET /chat/v1/scheduled-message/${DEMO_ID}`,
			]);
			helena.sandbox.misbehaviour.clear();
		});

		test('a message sent meanwhile is not cancelled, and the error says why', async () => {
			helena.sandbox.chat.markScheduledSent(DEMO_ID);
			const { error } = await helena.run({ resource: 'scheduledMessage', operation: 'cancel', scheduledMessageId: DEMO_ID });
			expect(error?.message).toBe(`The scheduled message "${DEMO_ID}" cannot be cancelled: its status is SENT`);
		});

		test("Cancel Many sends every item's IDs in one request and outputs each message, paired to its item", async () => {
			const created = await helena.run(scheduleTemplate({ phoneNumber: '={{ $json.phone }}' }), {
				items: [{ phone: demo.contactPhone(2) }, { phone: demo.contactPhone(3) }],
			});
			const ids = created.items.map((item) => item.json.id as string);
			helena.sandbox.clearRequests();

			const { items, error } = await helena.run(
				{ resource: 'scheduledMessage', operation: 'cancelMany', scheduledMessageIds: '={{ $json.ids }}' },
				{ items: [{ ids: [DEMO_ID, ids[0]] }, { ids: ids[1] }] },
			);

			expect(error).toBeUndefined();
			expect(allRequests(helena)).toEqual([
				{ method: 'POST', path: '/chat/v1/scheduled-message/batch-cancel', query: {}, body: [DEMO_ID, ids[0], ids[1]] },
			]);
			expect(items.map((item) => [item.json.id, item.json.status, item.pairedItem])).toEqual([
				[DEMO_ID, 'CANCELED', { item: 0 }],
				[ids[0], 'CANCELED', { item: 0 }],
				[ids[1], 'CANCELED', { item: 1 }],
			]);

			const missing = await helena.run(
				{ resource: 'scheduledMessage', operation: 'cancelMany', scheduledMessageIds: '={{ $json.ids }}' },
				{ items: [{ ids: DEMO_ID }, { ids: MISSING }], continueOnFail: true },
			);
			expect(missing.items.map((item) => [item.json.status ?? item.json.error, item.pairedItem])).toEqual([
				['CANCELED', { item: 0 }],
				[`The scheduled message "${MISSING}" was not found in Helena (item 1)`, { item: 1 }],
			]);
		});
	});
});
