import type { IDataObject } from 'n8n-workflow';

import { composeMessage } from '../../../nodes/Helena/actions/message/sendAndWait.operation';
import { readResponseRequest } from '../../../nodes/Helena/actions/message/response/request';
import { demo } from '../index';
import { startLocalServer } from '../../engine/localServer';
import type { LocalServer } from '../../engine/localServer';
import { TEST_API_KEY, useSandbox } from '../../engine/sandbox';
import { POLLING_TRIGGERS, PollHarness } from '../../engine/runPoll';

/*
 * The sandbox page: what a person clicks (POST /__sandbox/page/<action>) changes the records as the API would,
 * delivers the events Helena would deliver, and shows up in what the page reads (GET /__sandbox/page/state).
 */

const SALES = 'Funil de Vendas';
const MARIA_CARD = demo.cardId('Maria Silva - Plano Pro');

interface Delivery {
	eventType: string;
	content: IDataObject;
}

describe('the sandbox page', () => {
	const helena = useSandbox({ chatStepMs: 0 });
	let receiver: LocalServer;
	let received: Delivery[] = [];

	beforeAll(async () => {
		receiver = await startLocalServer((req, res) => {
			let text = '';
			req.on('data', (chunk) => (text += chunk));
			req.on('end', () => {
				received.push(JSON.parse(text) as Delivery);
				res.end('ok');
			});
		});
	});
	afterAll(async () => await receiver.close());

	beforeEach(async () => {
		helena.resetToDemo();
		received = [];
		await helena.createSubscriptionByHand({
			url: `${receiver.url}/hook`,
			events: [
				'SESSION_NEW',
				'SESSION_COMPLETE',
				'MESSAGE_RECEIVED',
				'CONTACT_NEW',
				'CONTACT_UPDATE',
				'PANEL_CARD_UPDATE',
				'PANEL_CARD_STEP_CHANGE',
			],
		});
	});

	const page = async (path: string, init?: RequestInit) => await fetch(`${helena.sandbox.url}${path}`, init);
	// as the page's own script sends it (a browser adds the page's Origin)
	const asThePage = () => ({ 'content-type': 'application/json', origin: helena.sandbox.url });
	const act = async (action: string, body: IDataObject) => {
		const response = await page(`/__sandbox/page/${action}`, { method: 'POST', headers: asThePage(), body: JSON.stringify(body) });
		return { status: response.status, json: (await response.json()) as IDataObject };
	};
	const state = async () => (await (await page('/__sandbox/page/state')).json()) as IDataObject & Record<string, IDataObject[]>;
	const delivered = async () => {
		await helena.sandbox.waitForDeliveries();
		return received.map((delivery) => delivery.eventType);
	};

	test('GET / is the page itself: one HTML document with its style and script inline, nothing fetched from elsewhere', async () => {
		helena.sandbox.clearRequests();
		const response = await page('/');
		const html = await response.text();

		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
		expect(html).toMatch(/^<!doctype html>/);
		expect(html).toContain('<style>');
		expect(html).toContain('<script>');
		expect(html.match(/\b(?:src|href)="(?!#|data:)[^"]*"/g) ?? []).toEqual([]);
		// the page is no API request: it is not logged, and no key is asked for
		expect(helena.sandbox.requests).toEqual([]);
	});

	test('the first view: each demo conversation has its history, both ways, with a template, a document and an image, dated in the past; a Send and Wait question shows its answers by label', async () => {
		const view = await state();
		const now = Date.now();

		expect(view.conversations.map((conversation) => (conversation.contact as IDataObject).name)).toEqual([
			'Ana Oliveira',
			'Maria Silva',
			'João Santos',
		]);
		for (const conversation of view.conversations) {
			const messages = conversation.messages as IDataObject[];
			const name = (conversation.contact as IDataObject).name;
			// none says "no messages yet"
			expect({ name, messages: messages.length >= 5 }).toEqual({ name, messages: true });
			expect({ name, fromContact: messages.some((m) => m.fromContact), fromTeam: messages.some((m) => !m.fromContact) }).toEqual({
				name,
				fromContact: true,
				fromTeam: true,
			});
			expect({ name, templates: messages.filter((m) => m.template).length > 0 }).toEqual({ name, templates: true });
			expect({ name, types: messages.filter((m) => m.file).map((m) => m.type) }).toEqual({
				name,
				types: expect.arrayContaining(['DOCUMENT', 'IMAGE']),
			});
			const times = messages.map((m) => Date.parse(m.at as string));
			expect(times).toEqual([...times].sort((a, b) => a - b));
			expect(times.every((time) => time < now)).toBe(true);
			expect(conversation.lastInteractionDate).toBe(messages.at(-1)!.at);
			// each file is served by the media host with the type it is stated as
			for (const message of messages.filter((m) => m.file)) {
				const file = message.file as IDataObject;
				const served = await fetch(file.url as string);
				expect([file.name, served.status, served.headers.get('content-type')]).toEqual([
					file.name,
					200,
					message.type === 'IMAGE' ? 'image/png' : 'application/pdf',
				]);
			}
		}
		const maria = view.conversations.find((conversation) => (conversation.contact as IDataObject).id === demo.contactId(1))!;
		const question = (maria.messages as IDataObject[]).find((m) => (m.answers as IDataObject[]).length > 0)!;
		expect(question.text).toBe('Olá Maria! Pode confirmar a demonstração na segunda-feira às 10:00?');
		expect(question.answers).toEqual([
			{ label: 'Confirmar', url: `${helena.sandbox.url}/__sandbox/page/answered?answer=Confirmar` },
			{ label: 'Outro horário', url: `${helena.sandbox.url}/__sandbox/page/answered?answer=Outro%20hor%C3%A1rio` },
		]);
	});

	test("the demo question's answer buttons open a page of the sandbox that says it was answered, with what, and what followed", async () => {
		const maria = (await state()).conversations.find((conversation) => (conversation.contact as IDataObject).id === demo.contactId(1))!;
		const [given, other] = (maria.messages as IDataObject[]).find((m) => (m.answers as IDataObject[]).length > 0)!.answers as IDataObject[];
		const opened = async (answer: IDataObject) => {
			const response = await fetch(answer.url as string);
			const text = (await response.text()).replace(/<[^>]+>/g, '');
			return { status: response.status, type: response.headers.get('content-type'), text };
		};

		const confirmed = await opened(given);
		expect(confirmed).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
		expect(confirmed.text).toContain('This question was answered');
		expect(confirmed.text).toContain('Maria Silva was asked on');
		expect(confirmed.text).toContain('Olá Maria! Pode confirmar a demonstração na segunda-feira às 10:00?');
		expect(confirmed.text).toContain('The answer given: Confirmar');
		expect(confirmed.text).toContain('Ótimo, demonstração confirmada para segunda-feira às 10:00. Até lá!');
		expect(confirmed.text).not.toContain('was not the answer given');
		const elsewhere = await opened(other);
		expect(elsewhere.status).toBe(200);
		expect(elsewhere.text).toContain('The button clicked now, Outro horário, was not the answer given.');
	});

	test('a Send and Wait question as the node composes it shows its answers by label (the page draws each as a button); other links stay in the text', async () => {
		const session = helena.sandbox.chat.sessions().find((each) => each.contactId === demo.contactId(1) && each.status !== 'COMPLETED')!;
		const ask = (parameters: IDataObject) =>
			composeMessage(
				readResponseRequest((name, fallback) => parameters[name] ?? fallback),
				(extra) => `http://127.0.0.1:5678/webhook-waiting/7/node?${new URLSearchParams({ ...extra, to: '+55|11999999999' }).toString()}`,
			);
		for (const text of [
			ask({ message: 'Pode confirmar?\n\nResponda até amanhã.', approveLabel: 'Sim, confirmo', disapproveLabel: 'Não posso' }),
			ask({ message: 'Como foi o atendimento?', responseType: 'freeText', responseOptions: { linkText: 'Responder' } }),
			'Veja o site: https://example.com/loja\n\nObrigado!',
		]) {
			const sent = await fetch(`${helena.sandbox.url}/chat/v1/session/${session.id}/message`, {
				method: 'POST',
				headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
				body: JSON.stringify({ text }),
			});
			expect(sent.status).toBe(200);
		}
		const maria = (await state()).conversations.find((conversation) => conversation.id === session.id)!;

		expect((maria.messages as IDataObject[]).slice(-3).map((m) => [m.text, (m.answers as IDataObject[]).map((a) => a.label)])).toEqual([
			['Pode confirmar?\n\nResponda até amanhã.', ['Sim, confirmo', 'Não posso']],
			['Como foi o atendimento?', ['Responder']],
			['Veja o site: https://example.com/loja\n\nObrigado!', []],
		]);
	});

	test('the state lists the conversations with their messages both ways, the CRM board and the demo records of every resource', async () => {
		helena.sandbox.chat.contactWrites(demo.contactPhone(1), 'Oi, tudo bem?');
		const sent = await fetch(`${helena.sandbox.url}/chat/v1/send/template`, {
			method: 'POST',
			headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
			body: JSON.stringify({
				to: demo.contactPhone(1),
				from: '5511940000001',
				templateId: demo.templateId('boas_vindas'),
				parameters: { nome: 'Maria' },
			}),
		});
		expect(sent.status).toBe(200);
		const view = await state();
		const maria = view.conversations.find((conversation) => (conversation.contact as IDataObject).id === demo.contactId(1))!;

		// after the demo history of her conversation
		expect((maria.messages as IDataObject[]).slice(-2).map((m) => [m.fromContact, m.template, m.text])).toEqual([
			[true, null, 'Oi, tudo bem?'],
			[false, 'boas_vindas', 'Olá Maria, obrigado pelo contato! Como podemos ajudar?'],
		]);
		expect(view.conversations).toHaveLength(3);
		expect(view.panels.map((panel) => [panel.title, (panel.steps as IDataObject[]).length])).toEqual([
			[SALES, 5],
			['Suporte Técnico', 3],
		]);
		expect(view.contacts.length).toBe(helena.sandbox.counts().contacts);
		expect(view.tags.map((tag) => tag.name)).toEqual(['Cliente', 'Lead', 'VIP', 'Newsletter']);
		expect(view.sequences.map((sequence) => sequence.name)).toEqual(['Boas-vindas', 'Pós-venda', 'Reativação']);
		expect(view.scheduled.map((message) => message.template)).toEqual(['boas_vindas']);
		expect(view.subscriptions).toHaveLength(1);
	});

	test('a file the contact sent is shown with its name and the address it is served from', async () => {
		helena.sandbox.chat.contactSendsFile(demo.contactPhone(1), { name: 'comprovante.pdf', mimeType: 'application/pdf', size: 100 });
		const maria = (await state()).conversations.find((conversation) => (conversation.contact as IDataObject).id === demo.contactId(1))!;
		const message = (maria.messages as IDataObject[]).at(-1)!;

		expect(message.file).toEqual({
			name: 'comprovante.pdf',
			url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/media\//),
			image: false,
		});
		expect((await fetch((message.file as IDataObject).url as string)).status).toBe(200);
	});

	test('an image, sent or received, is marked to be drawn as a picture; a document is not', async () => {
		helena.sandbox.chat.contactSendsFile(demo.contactPhone(1), { name: 'foto.jpg', mimeType: 'image/jpeg', size: 100 });
		const maria = (await state()).conversations.find((conversation) => (conversation.contact as IDataObject).id === demo.contactId(1))!;
		const files = (maria.messages as IDataObject[])
			.filter((m) => m.file)
			.map((m) => [(m.file as IDataObject).name, (m.file as IDataObject).image]);

		expect(files).toEqual([
			['plano-pro.pdf', false],
			['print-do-pedido.png', true],
			['foto.jpg', true],
		]);
	});

	test('starting a conversation from a new number creates the contact, then the conversation with the message: CONTACT_NEW, SESSION_NEW, MESSAGE_RECEIVED', async () => {
		const { status, json } = await act('startConversation', { phone: '+55 11 97000-1234', name: 'Zé Teste', text: 'Oi!' });

		expect(status).toBe(200);
		expect(json).toMatchObject({ status: 'PENDING', windowStatus: 'ACTIVE', contactDetails: { name: 'Zé Teste' } });
		expect(await delivered()).toEqual(['CONTACT_NEW', 'SESSION_NEW', 'MESSAGE_RECEIVED']);
		expect(received[1].content).toMatchObject({ id: json.id, contactId: (json.contactDetails as IDataObject).id });
		const view = await state();
		const conversation = view.conversations.find((candidate) => candidate.id === json.id)!;
		expect((conversation.messages as IDataObject[]).map((m) => m.text)).toEqual(['Oi!']);
		// the new contact is the first row of the contacts table, newest first
		expect((view.contacts as IDataObject[]).slice(0, 2).map((contact) => contact.name)).toEqual(['Zé Teste', 'Felipe Cardoso']);
	});

	test("a contact Helena makes when someone writes keeps its number in Helena's form, as the demo contacts do", async () => {
		const { json } = await act('startConversation', { phone: '+55 11 97354-7420', name: 'Zé Teste', text: 'Oi!' });
		const contactId = (json.contactDetails as IDataObject).id as string;
		const read = async (id: string) =>
			(await (
				await fetch(`${helena.sandbox.url}/core/v1/contact/${id}`, { headers: { authorization: `Bearer ${TEST_API_KEY}` } })
			).json()) as IDataObject;

		expect([(await read(contactId)).phoneNumber, (await read(demo.contactId(2))).phoneNumber]).toEqual([
			'+55|11973547420',
			'+55|11988000002',
		]);
	});

	test('"Reset the demo data" seeds every record again and keeps the subscriptions of the active triggers', async () => {
		await act('startConversation', { phone: '+55 11 97354-7420', name: 'Zé Teste', text: 'Oi!' });
		const subscriptions = (await state()).subscriptions;

		const { status, json } = await act('resetDemo', {});

		expect([status, json]).toEqual([200, { reset: true, subscriptions: 1 }]);
		const view = await state();
		expect(view.contacts.map((contact) => contact.name)).not.toContain('Zé Teste');
		expect(view.conversations).toHaveLength(3);
		expect(view.subscriptions).toEqual(subscriptions);
		await act('startConversation', { phone: '+55 11 97354-7421', text: 'Oi de novo' });
		expect(await delivered()).toEqual(['CONTACT_NEW', 'SESSION_NEW', 'MESSAGE_RECEIVED', 'CONTACT_NEW', 'SESSION_NEW', 'MESSAGE_RECEIVED']);
	});

	test('a reply as the contact goes into its conversation (MESSAGE_RECEIVED); a number that is no phone is refused, naming it', async () => {
		const pending = helena.sandbox.chat.sessions().find((session) => session.status === 'PENDING')!;
		const { status } = await act('reply', { sessionId: pending.id, text: 'Ainda estou esperando' });

		expect(status).toBe(200);
		expect(await delivered()).toEqual(['MESSAGE_RECEIVED']);
		expect(received[0].content).toMatchObject({ sessionId: pending.id, text: 'Ainda estou esperando', direction: 'FROM_HUB' });
		expect(await act('startConversation', { phone: '123', text: 'x' })).toEqual({
			status: 400,
			json: { error: "'123' is not a phone number with its country code" },
		});
	});

	test('a burst as the contact: each line a message of its own, a gap apart, each delivered as MESSAGE_RECEIVED in order; more than 20 lines are refused', async () => {
		const pending = helena.sandbox.chat.sessions().find((session) => session.status === 'PENDING')!;
		const lines = ['oi', 'tudo bem?', 'queria saber do meu pedido', 'é o 4471'];
		const started = Date.now();
		const { status, json } = await act('replyBurst', { sessionId: pending.id, text: `${lines.join('\n')}\n\n`, gapMs: 200 });

		expect(status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 200 - 20);
		expect(await delivered()).toEqual(lines.map(() => 'MESSAGE_RECEIVED'));
		expect(received.map((delivery) => [delivery.content.sessionId, delivery.content.text])).toEqual(
			lines.map((text) => [pending.id, text]),
		);
		expect((json.messages as IDataObject[]).map((message) => message.id)).toEqual(received.map((delivery) => delivery.content.id));
		const times = received.map((delivery) => Date.parse(delivery.content.createdAt as string));
		for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(190);
		const conversation = (await state()).conversations.find((candidate) => candidate.id === pending.id)!;
		expect((conversation.messages as IDataObject[]).slice(-4).map((m) => m.text)).toEqual(lines);

		const tooMany = Array.from({ length: 21 }, (_, i) => `line ${i}`).join('\n');
		expect(await act('replyBurst', { sessionId: pending.id, text: tooMany, gapMs: 0 })).toEqual({
			status: 400,
			json: { error: 'a burst holds at most 20 messages, not 21' },
		});
		expect(await act('replyBurst', { sessionId: pending.id, text: 'a\nb', gapMs: -1 })).toMatchObject({ status: 400 });
	});

	test('deliveries held and released newest first arrive out of order; a delivery sent again arrives twice, unchanged', async () => {
		const pending = helena.sandbox.chat.sessions().find((session) => session.status === 'PENDING')!;
		helena.sandbox.holdDeliveries('MESSAGE_RECEIVED');
		await act('replyBurst', { sessionId: pending.id, text: 'um\ndois\ntrês', gapMs: 0 });
		expect(await delivered()).toEqual([]);

		await helena.sandbox.releaseDeliveries({ order: 'reversed' });
		expect(received.map((delivery) => delivery.content.text)).toEqual(['três', 'dois', 'um']);
		helena.sandbox.chat.contactWrites(demo.contactPhone(1), 'quatro');
		expect(await delivered()).toEqual(['MESSAGE_RECEIVED', 'MESSAGE_RECEIVED', 'MESSAGE_RECEIVED', 'MESSAGE_RECEIVED']);

		const again = await helena.sandbox.redeliver((entry: IDataObject) => entry.eventType === 'MESSAGE_RECEIVED');
		expect(again).toMatchObject({ status: 200, redelivery: true });
		await delivered();
		expect(received).toHaveLength(5);
		expect(received[4]).toEqual(received[3]);

		// held, then each sent twice at the same moment
		helena.sandbox.holdDeliveries('MESSAGE_RECEIVED');
		await act('replyBurst', { sessionId: pending.id, text: 'cinco\nseis', gapMs: 0 });
		await helena.sandbox.releaseDeliveries({ twice: true });
		await delivered();
		expect(received.slice(5).map((delivery) => delivery.content.text)).toEqual(['cinco', 'cinco', 'seis', 'seis']);
		expect(received[6]).toEqual(received[5]);

		// as they happen, those a test picks sent twice at once
		helena.sandbox.deliverTwice((eventType: string, content: IDataObject) => eventType === 'MESSAGE_RECEIVED' && content.text === 'oito');
		try {
			await act('replyBurst', { sessionId: pending.id, text: 'sete\noito', gapMs: 0 });
		} finally {
			helena.sandbox.deliverTwice(undefined);
		}
		await delivered();
		expect(received.slice(9).map((delivery) => delivery.content.text)).toEqual(['sete', 'oito', 'oito']);
	});

	test('completing a conversation delivers SESSION_COMPLETE; changing a contact delivers CONTACT_UPDATE and moves its updatedAt', async () => {
		const pending = helena.sandbox.chat.sessions().find((session) => session.status === 'PENDING')!;
		const before = (await state()).contacts.find((contact) => contact.id === demo.contactId(1))!;

		expect((await act('completeConversation', { sessionId: pending.id })).json).toMatchObject({ status: 'COMPLETED' });
		expect((await act('changeContact', { contactId: demo.contactId(1) })).status).toBe(200);

		expect(await delivered()).toEqual(['SESSION_COMPLETE', 'CONTACT_UPDATE']);
		const after = (await state()).contacts.find((contact) => contact.id === demo.contactId(1))!;
		expect(after.annotation).toMatch(/^Changed on the sandbox page at /);
		expect(Date.parse(after.updatedAt as string)).toBeGreaterThan(Date.parse(before.updatedAt as string));
	});

	test('moving a card delivers PANEL_CARD_UPDATE and PANEL_CARD_STEP_CHANGE, and the Card Trigger sees it moved on its next poll', async () => {
		const trigger = new PollHarness(
			helena.credentials,
			{ panel: { mode: 'list', value: demo.panelId(SALES) }, events: ['cardMoved', 'cardWon', 'cardLost'] },
			POLLING_TRIGGERS.card,
		);
		expect((await trigger.activate()).items).toBeNull();

		const { status, json } = await act('moveCard', { cardId: MARIA_CARD, stepId: demo.stepId(SALES, 'Proposta') });

		expect(status).toBe(200);
		expect(json).toMatchObject({ stepId: demo.stepId(SALES, 'Proposta') });
		expect(await delivered()).toEqual(['PANEL_CARD_UPDATE', 'PANEL_CARD_STEP_CHANGE']);
		expect(received[1].content).toMatchObject({ id: MARIA_CARD, previousStepId: demo.stepId(SALES, 'Leads') });
		const { items } = await trigger.poll();
		expect(items?.map((item) => [item.json.event, item.json.title, item.json.previousStepId])).toEqual([
			['cardMoved', 'Maria Silva - Plano Pro', demo.stepId(SALES, 'Leads')],
		]);
	});

	test('winning and losing a card (with the first lost reason of its panel) deliver PANEL_CARD_UPDATE; the Card Trigger sees each', async () => {
		const trigger = new PollHarness(
			helena.credentials,
			{ panel: { mode: 'list', value: demo.panelId(SALES) }, events: ['cardWon', 'cardLost'] },
			POLLING_TRIGGERS.card,
		);
		await trigger.activate();
		const joao = demo.cardId('João Santos - Plano Enterprise');

		expect((await act('setCardStatus', { cardId: joao, status: 'WON' })).json).toMatchObject({ status: 'WON' });
		expect((await act('setCardStatus', { cardId: MARIA_CARD, status: 'LOST' })).json).toMatchObject({
			status: 'LOST',
			lostReason: { name: 'Preço alto' },
		});

		expect(await delivered()).toEqual(['PANEL_CARD_UPDATE', 'PANEL_CARD_UPDATE']);
		const { items } = await trigger.poll();
		expect(items?.map((item) => `${String(item.json.event)} ${String(item.json.title)}`).sort()).toEqual([
			'cardLost Maria Silva - Plano Pro',
			'cardWon João Santos - Plano Enterprise',
		]);
		expect(await act('setCardStatus', { cardId: joao, status: 'ARCHIVED' })).toEqual({
			status: 400,
			json: { error: 'status must be OPEN, WON or LOST, not ARCHIVED' },
		});
	});

	test('a sample event is delivered as POST /__sandbox/events delivers it; an unknown action is a 404', async () => {
		expect((await act('fireEvent', { eventType: 'SESSION_NEW' })).status).toBe(200);
		expect(await delivered()).toEqual(['SESSION_NEW']);
		expect((await page('/__sandbox/page/nothing', { method: 'POST', headers: asThePage() })).status).toBe(404);
	});
});
