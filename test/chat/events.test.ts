import { useTrigger } from '../engine/runTrigger';
import { demo } from '../sandbox';
import { useChatSandbox } from './chatFixture';

const CHAT_EVENTS = ['SESSION_NEW', 'SESSION_UPDATE', 'SESSION_COMPLETE', 'MESSAGE_RECEIVED', 'MESSAGE_SENT', 'MESSAGE_UPDATED'];

describe('SESSION_* and MESSAGE_* events reach Helena Trigger as conversations happen', () => {
	const helena = useChatSandbox();
	const startTrigger = useTrigger(helena);

	test('a contact writes, the workflow answers, the message is read, the conversation is transferred and completed', async () => {
		const trigger = await startTrigger({ events: CHAT_EVENTS });
		await trigger.activate();
		const step = async (action: () => unknown) => {
			await action();
			await helena.sandbox.waitForDeliveries();
		};
		const phone = '+55|21977776666';

		let sessionId = '';
		await step(() => {
			sessionId = helena.sandbox.chat.contactWrites(phone, 'Quero um orçamento').id as string;
		});
		await step(() =>
			helena.run({ resource: 'message', operation: 'sendText', sendTo: 'session', sessionId, text: 'Claro! Já vamos te atender.' }),
		);
		for (let n = 0; n < 3; n++) await step(() => helena.sandbox.chat.advance());
		await step(() =>
			helena.run({
				resource: 'session',
				operation: 'transfer',
				sessionId,
				transferDepartment: { __rl: true, mode: 'id', value: demo.departmentId('Vendas') },
			}),
		);
		await step(() => helena.run({ resource: 'session', operation: 'complete', sessionId }));

		const events = trigger.executions.map(([item]) => item.json as { eventType: string; content: Record<string, unknown> });
		expect(events.map((event) => event.eventType)).toEqual([
			'SESSION_NEW',
			'MESSAGE_RECEIVED',
			'MESSAGE_SENT',
			'MESSAGE_UPDATED',
			'MESSAGE_UPDATED',
			'MESSAGE_UPDATED',
			'SESSION_UPDATE',
			'SESSION_COMPLETE',
		]);
		expect(events[0].content).toMatchObject({
			id: sessionId,
			status: 'PENDING',
			windowStatus: 'ACTIVE',
			contactDetails: { phonenumber: phone },
		});
		expect(events[1].content).toMatchObject({ sessionId, direction: 'FROM_HUB', text: 'Quero um orçamento' });
		expect(events[2].content).toMatchObject({ sessionId, direction: 'TO_HUB', status: 'QUEUED', text: 'Claro! Já vamos te atender.' });
		expect(events.slice(3, 6).map((event) => event.content.status)).toEqual(['SENT', 'DELIVERED', 'READ']);
		expect(events[6].content).toMatchObject({ id: sessionId, departmentId: demo.departmentId('Vendas') });
		expect(events[7].content).toMatchObject({ id: sessionId, status: 'COMPLETED' });
	});

	test('a failed delivery is a MESSAGE_UPDATED with status FAILED and the reason', async () => {
		const trigger = await startTrigger({ events: ['MESSAGE_UPDATED'] });
		await trigger.activate();
		helena.sandbox.chat.failDeliveriesTo(demo.contactPhone(1), 'Número bloqueado pelo destinatário');
		const session = helena.sandbox.chat
			.sessions()
			.find((s: { contactId: string; status: string }) => s.contactId === demo.contactId(1) && s.status !== 'COMPLETED');

		await helena.run({ resource: 'message', operation: 'sendText', sendTo: 'session', sessionId: session.id, text: 'Oi' });
		helena.sandbox.chat.settle();
		await helena.sandbox.waitForDeliveries();

		expect(trigger.executions.map(([item]) => (item.json as { content: Record<string, unknown> }).content)).toEqual([
			expect.objectContaining({ status: 'FAILED', failedReason: 'Número bloqueado pelo destinatário' }),
		]);
	});
});
