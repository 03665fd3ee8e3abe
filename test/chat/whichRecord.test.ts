import type { INodeParameters } from 'n8n-workflow';

import { byId } from '../helpers/requests';
import { demo } from '../sandbox';
import { allRequests, COMERCIAL, fromList, MARIA_PHONE, MISSING, mariaSession, useChatSandbox } from './chatFixture';

/*
 * A request that carries more than one ID (a conversation and a department, a contact and its tags…):
 * when Helena says something was not found, the error names the one Helena named, with the value sent,
 * and quotes Helena's words. The transport decides this for every operation from the records each request
 * declares; no operation words it on its own.
 */
describe('"not found" names the record Helena named', () => {
	const helena = useChatSandbox();

	async function notFound(parameters: INodeParameters, message: string, helenaSays: string) {
		const { items, error } = await helena.run(parameters);
		expect(items).toEqual([]);
		expect(error?.message).toBe(message);
		expect(error?.description).toContain(`Helena says: "${helenaSays}`);
		return error;
	}

	const user = (value: string) => ({ __rl: true, mode: 'id', value });

	describe('Conversation > Transfer', () => {
		test('to a department that does not exist: the department, not the conversation', async () => {
			const session = mariaSession(helena);
			await notFound(
				{ resource: 'session', operation: 'transfer', sessionId: session.id, transferDepartment: user(MISSING) },
				`The department "${MISSING}" given in To Department was not found in Helena`,
				`Departamento '${MISSING}' não encontrado`,
			);
			expect(allRequests(helena).map((request) => request.body)).toEqual([{ type: 'DEPARTMENT', newDepartmentId: MISSING }]);
			expect(helena.sandbox.chat.session(session.id).departmentId).toBe(session.departmentId);
		});

		test('to a user that does not exist, with a department that does: the user', async () => {
			await notFound(
				{
					resource: 'session',
					operation: 'transfer',
					sessionId: mariaSession(helena).id,
					transferDepartment: user(demo.departmentId('Suporte')),
					transferUser: user(MISSING),
				},
				`The user "${MISSING}" given in To User was not found in Helena`,
				`Usuário '${MISSING}' não encontrado`,
			);
		});

		test('of a conversation that does not exist: the conversation', async () => {
			await notFound(
				{ resource: 'session', operation: 'transfer', sessionId: MISSING, transferDepartment: user(demo.departmentId('Suporte')) },
				`The conversation (session) with ID "${MISSING}" was not found in Helena`,
				`Sessão '${MISSING}' não encontrada`,
			);
		});
	});

	describe('Conversation > Update', () => {
		test.each([
			['department', 'Department', 'Departamento'],
			['user', 'User', 'Usuário'],
		])('a %s that does not exist is named as the %s field', async (name, field, word) => {
			await notFound(
				{ resource: 'session', operation: 'update', sessionId: mariaSession(helena).id, updateFields: { [name]: user(MISSING) } },
				`The ${name} "${MISSING}" given in ${field} was not found in Helena`,
				`${word} '${MISSING}' não encontrado`,
			);
		});
	});

	// a send's error also says what became of the message
	describe('sends name the option or record Helena named', () => {
		const text = { resource: 'message', operation: 'sendText', text: 'Oi' };

		test('Send Text into a conversation that does not exist: the conversation', async () => {
			await notFound(
				{ ...text, sendTo: 'session', sessionId: MISSING },
				`The conversation (session) with ID "${MISSING}" was not found in Helena; the message was not sent`,
				`Sessão '${MISSING}' não encontrada`,
			);
		});

		test('Send Text with a Department option that does not exist: the department', async () => {
			await notFound(
				{ ...text, phoneNumber: MARIA_PHONE, sendOptions: { department: user(MISSING) } },
				`The department "${MISSING}" given in Department was not found in Helena; the message was not sent`,
				`Departamento '${MISSING}' não encontrado`,
			);
		});

		test('Send Template assigned to a user that does not exist: the user, not the template', async () => {
			await notFound(
				{
					resource: 'message',
					operation: 'sendTemplate',
					channel: fromList(COMERCIAL.id, 'WhatsApp Comercial'),
					phoneNumber: '+55 11 97654-0000',
					template: fromList(demo.templateId('boas_vindas'), 'boas_vindas'),
					templateParameters: { parameter: [{ name: 'nome', value: 'Bruna' }] },
					sendOptions: { user: user(MISSING) },
				},
				`The user "${MISSING}" given in Assign to User was not found in Helena; the message was not sent`,
				`Usuário '${MISSING}' não encontrado`,
			);
		});
	});

	test('Contact > Change Tags with a tag ID Helena does not have: the tags, not the contact', async () => {
		const tagId = '7d444840-9dc0-11d1-b245-5ffdce74fad2';
		const error = await notFound(
			{ resource: 'contact', operation: 'updateTags', contact: byId(demo.contactId(1)), tagsOperation: 'InsertIfNotExists', tagIds: tagId },
			`A tag given in Tag Names or Tag IDs was not found in Helena (Helena says: "Etiqueta não encontrada: ${tagId}")`,
			'Etiqueta não encontrada',
		);
		expect(error?.message).not.toContain('No contact');
	});

	test('creates name what Helena named: Department > Create with an unknown agent or channel, Contact > Create with an unknown tag', async () => {
		const agent = await helena.run({
			resource: 'department',
			operation: 'create',
			name: 'Plantão',
			additionalFields: { agents: { agent: [{ userId: MISSING }] } },
		});
		const channel = await helena.run({
			resource: 'department',
			operation: 'create',
			name: 'Plantão',
			additionalFields: { channelsConfig: { config: { scope: 'SELECTED', channels: ['Canal que não existe'] } } },
		});
		const tag = await helena.run({
			resource: 'contact',
			operation: 'create',
			name: 'Lia',
			phoneNumber: '+55|11955550000',
			additionalFields: { tagIds: '7d444840-9dc0-11d1-b245-5ffdce74fad2' },
		});

		expect(agent.error?.message).toBe(`A user given in Agents was not found in Helena (Helena says: "Usuário não encontrado: ${MISSING}")`);
		expect(channel.error?.message).toBe(
			'A channel given in Channels was not found in Helena (Helena says: "Canal não encontrado: Canal que não existe")',
		);
		expect(tag.error?.message).toMatch(/^A tag given in Tags was not found in Helena \(Helena says: "Etiqueta não encontrada: 7d444840/);
		expect(helena.sandbox.state.departments.size).toBe(3);
	});

	test('Department > Update Agents with an unknown user still names the user; an unknown department names the department', async () => {
		const agents = { agent: [{ userId: MISSING }] };
		const unknownUser = await helena.run({
			resource: 'department',
			operation: 'updateAgents',
			department: byId(demo.departmentId('Suporte')),
			agentsAction: 'Upsert',
			agents,
		});
		const unknownDepartment = await helena.run({
			resource: 'department',
			operation: 'updateAgents',
			department: byId(MISSING),
			agentsAction: 'Upsert',
			agents: { agent: [{ userId: demo.userId('Bruno Lima') }] },
		});

		expect(unknownUser.error?.message).toMatch(/^A user in Agents was not found in Helena \(Helena says: ".+"\)$/);
		expect(unknownDepartment.error?.message).toBe(`The department with ID "${MISSING}" was not found in Helena`);
	});
});
