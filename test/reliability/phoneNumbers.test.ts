import type { INodeParameters } from 'n8n-workflow';

import { allRequests, useChatSandbox } from '../chat/chatFixture';
import { runAsAgentTool } from '../engine/runAsTool';
import { byPhone } from '../helpers/requests';

/*
 * Every phone number is read by one reader, whatever the field or the picker mode: the contact picker's Phone mode,
 * a send's Phone Number, a contact's Phone Number. A value that is no phone number with its country code (10 to 15
 * digits) is refused before anything is sent, in the same words, typed in the editor or given by a model through
 * the node as a tool (an AI Agent's, an MCP client's); to a model the error names no item.
 */

const NOT_A_PHONE = '12-ab!';
const RULE = 'must be a phone number with country code (10 to 15 digits), not';

const PHONE_FIELDS: Array<[string, (phone: string) => INodeParameters, string]> = [
	[
		'Contact → Change Tags, Contact by Phone',
		(phone) => ({ resource: 'contact', operation: 'updateTags', contact: byPhone(phone), tagNames: 'VIP' }),
		'Contact',
	],
	['Contact → Get, Contact by Phone', (phone) => ({ resource: 'contact', operation: 'get', contact: byPhone(phone) }), 'Contact'],
	[
		'Contact → Update, Contact by Phone',
		(phone) => ({ resource: 'contact', operation: 'update', contact: byPhone(phone), updateFields: { name: 'Lia' } }),
		'Contact',
	],
	[
		'Contact → Create, Phone Number',
		(phone) => ({ resource: 'contact', operation: 'create', name: 'Lia', phoneNumber: phone }),
		'Phone Number',
	],
	[
		'Message → Send Text, Phone Number',
		(phone) => ({ resource: 'message', operation: 'sendText', phoneNumber: phone, text: 'Oi' }),
		'Phone Number',
	],
];

describe('one reader for every phone field and picker mode', () => {
	const helena = useChatSandbox();

	test.each(PHONE_FIELDS)('%s: "12-ab!" is refused in the same words, nothing sent', async (_name, parameters, field) => {
		const { error } = await helena.run(parameters(NOT_A_PHONE));

		expect(error?.message).toBe(`${field} ${RULE} "${NOT_A_PHONE}" (item 0)`);
		expect(allRequests(helena)).toEqual([]);
	});

	test.each(PHONE_FIELDS)('%s: too few digits ("+55 1234") is refused the same way', async (_name, parameters, field) => {
		const { error } = await helena.run(parameters('+55 1234'));

		expect(error?.message).toBe(`${field} ${RULE} "+55 1234" (item 0)`);
		expect(allRequests(helena)).toEqual([]);
	});

	test('the Phone mode still takes a number as Helena stores it and sends it encoded', async () => {
		const { error } = await helena.run(PHONE_FIELDS[1][1](' +55|21987654321 '));

		expect(error?.message).not.toMatch(/must be a phone number/);
		expect(allRequests(helena).map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /core/v1/contact/phonenumber/+55|21987654321',
		]);
	});
});

describe('as a tool (an AI Agent’s or an MCP client’s): the same refusal, and no item number a model cannot place', () => {
	const helena = useChatSandbox();

	test.each(PHONE_FIELDS)('%s: refused before sending, the error without "(item 0)"', async (_name, parameters, field) => {
		const { error } = await runAsAgentTool(helena.credentials, parameters(NOT_A_PHONE));

		const message = String((error as Error | undefined)?.message);
		expect(message).toContain(`${field} ${RULE} "${NOT_A_PHONE}"`);
		expect(message).not.toMatch(/\(item \d+\)/);
		expect(allRequests(helena)).toEqual([]);
	});

	test('an error from Helena (a contact not found) names no item either', async () => {
		const { error } = await runAsAgentTool(helena.credentials, PHONE_FIELDS[1][1]('+55 21 90000-0000'));

		const message = String((error as Error | undefined)?.message);
		expect(message).toMatch(/No contact with the phone number "\+55 21 90000-0000" exists in Helena/);
		expect(message).not.toMatch(/\(item \d+\)/);
	});
});
