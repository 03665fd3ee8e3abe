import type { IDataObject } from 'n8n-workflow';

import { runAsAgentTool, runForAgentRequest } from '../engine/runAsTool';
import { allRequests, MARIA_PHONE, mariaSession, useChatSandbox } from './chatFixture';

const NEW_LEAD = '+55 21 98888-7777';

const ask = (parameters: IDataObject = {}) => ({
	resource: 'message',
	operation: 'sendAndWait',
	sendTo: 'phone',
	phoneNumber: MARIA_PHONE,
	message: 'Can you confirm Monday 10:00?',
	...parameters,
});

/** What a time limit would resume the node with: the input n8n keeps for the waiting node. */
function pendingItems(run: { data: { executionData?: { nodeExecutionStack: { data: { main: unknown[][] } }[] } } }) {
	return run.data.executionData?.nodeExecutionStack[0]?.data.main[0] ?? [];
}

describe('Message → Send and Wait for Response (the send and the wait; answers: test/e2e/suites/2-send-and-wait.mjs)', () => {
	const helena = useChatSandbox();

	test('sends the question with an approve and a decline link to n8n’s signed resume URL of this node, and waits one day', async () => {
		const before = Date.now();
		const { error, run } = await helena.run(ask());

		expect(error).toBeUndefined();
		const [request] = allRequests(helena);
		expect(request).toMatchObject({ method: 'POST', path: '/chat/v1/send/text', body: { to: MARIA_PHONE } });
		const text = String((request.body as IDataObject).text);
		const [question, links] = text.split('\n\n');
		expect(question).toBe('Can you confirm Monday 10:00?');
		const [approve, decline] = links.split('\n');
		expect(approve).toMatch(/^Approve: http:\/\/127\.0\.0\.1:5678\/webhook-waiting\/engine-test-run\/helena-node\?approved=true&/);
		expect(decline).toMatch(/^Decline: http:\/\/127\.0\.0\.1:5678\/webhook-waiting\/engine-test-run\/helena-node\?approved=false&/);
		const url = new URL(approve.slice('Approve: '.length));
		expect(url.searchParams.get('to')).toBe(MARIA_PHONE);
		expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
		const until = Number(url.searchParams.get('until'));
		expect(until - before).toBeGreaterThanOrEqual(86_400_000);
		expect(until - Date.now()).toBeLessThanOrEqual(86_400_000);
		expect(run.waitTill?.getTime()).toBe(until);
	});

	test('what a time limit continues with: response "noResponse", paired to the input item, with the receipt of the message', async () => {
		const { run } = await helena.run(ask());

		const [pending] = pendingItems(run as never) as { json: IDataObject; pairedItem: unknown }[];
		expect(pending.pairedItem).toEqual({ item: 0 });
		expect(pending.json).toMatchObject({
			response: 'noResponse',
			responded: false,
			approved: false,
			respondedBy: null,
			respondedAt: null,
			sentTo: { phoneNumber: MARIA_PHONE },
			question: 'Can you confirm Monday 10:00?',
			message: { status: 'QUEUED' },
		});
		expect(pending.json.timeLimit).toBe(run.waitTill?.toISOString());
	});

	test('into a conversation, Free Text with its own link text and no time limit: one link, n8n’s "wait indefinitely"', async () => {
		const session = mariaSession(helena);
		const { error, run } = await helena.run(
			ask({
				sendTo: 'session',
				sessionId: session.id,
				responseType: 'freeText',
				limitWaitTime: false,
				responseOptions: { linkText: 'Tell us' },
			}),
		);

		expect(error).toBeUndefined();
		const text = String((allRequests(helena)[0].body as IDataObject).text);
		expect(text).toMatch(
			/\n\nTell us: http:\/\/127\.0\.0\.1:5678\/webhook-waiting\/engine-test-run\/helena-node\?session=[0-9a-f-]{36}&signature=[0-9a-f]{64}$/,
		);
		expect(run.waitTill?.toISOString()).toBe('3000-01-01T00:00:00.000Z');
		const [pending] = pendingItems(run as never) as { json: IDataObject }[];
		expect(pending.json).toMatchObject({ response: 'noResponse', sentTo: { sessionId: session.id }, timeLimit: null });
		expect(pending.json.approved).toBeUndefined();
	});

	test('Approve Only: one link, with its own text', async () => {
		await helena.run(ask({ approvalType: 'single', approveLabel: 'Sim, confirmo' }));
		const text = String((allRequests(helena)[0].body as IDataObject).text);
		expect(text.split('\n\n')[1].split('\n')).toHaveLength(1);
		expect(text).toMatch(/\n\nSim, confirmo: http\S+approved=true/);
	});

	test.each([
		['two items', { items: [{}, {}] }, ask(), /got 2 items; it waits for one answer/],
		['an empty message', {}, ask({ message: '  ' }), /Message is empty \(item 0\)/],
		[
			'a custom form without fields',
			{},
			ask({ responseType: 'customForm', formFields: { values: [] } }),
			/Form Fields cannot make a form: it has no fields/,
		],
		[
			'a dropdown without options',
			{},
			ask({
				responseType: 'customForm',
				formFields: { values: [{ fieldLabel: 'Time', fieldType: 'dropdown', fieldOptions: { values: [] } }] },
			}),
			/the dropdown "Time" has no options/,
		],
		[
			'two fields with one label',
			{},
			ask({ responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Name' }, { fieldLabel: 'name' }] } }),
			/the label "name" is used twice/,
		],
		[
			'a time limit in the past',
			{},
			ask({ limitType: 'atSpecifiedTime', maxDateAndTime: '2020-01-01T00:00:00Z' }),
			/Max Date and Time is in the past/,
		],
		['a zero time limit', {}, ask({ resumeAmount: 0 }), /Amount must be a number of at least 0.01/],
	])('%s: refused before anything is sent, and nothing waits', async (_, input, parameters, message) => {
		const { error, run } = await helena.run(parameters, input as never);

		expect(error?.message).toMatch(message);
		expect(allRequests(helena)).toEqual([]);
		expect(run.waitTill).toBeUndefined();
	});

	test('a send Helena refuses (closed WhatsApp window) under Continue On Fail: an error item, no wait', async () => {
		const { items, run } = await helena.run(ask({ phoneNumber: NEW_LEAD }), { continueOnFail: true });

		expect(items).toHaveLength(1);
		expect(items[0].json.error).toMatch(/24-hour window with the contact \+55 21 98888-7777 is closed/);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(run.waitTill).toBeUndefined();
	});
});

describe('Message → Send and Wait for Response where n8n cannot pause', () => {
	const helena = useChatSandbox();

	test('as a tool of an AI Agent (n8n wraps it with createNodeAsTool): nothing is sent, the execution does not wait, and the Agent gets an error saying why', async () => {
		const { error, run } = await runAsAgentTool(helena.credentials, ask());

		expect(allRequests(helena)).toEqual([]);
		expect(run.waitTill).toBeUndefined();
		expect(run.status).not.toBe('waiting');
		expect(String((error as Error | undefined)?.message)).toMatch(/can only run as a node of a workflow/);
	});

	test('a Free Text ask as a tool is refused the same way: the guard is the context, not the response type', async () => {
		const { error } = await runAsAgentTool(helena.credentials, ask({ responseType: 'freeText', limitWaitTime: false }));

		expect(allRequests(helena)).toEqual([]);
		expect(String((error as Error | undefined)?.message)).toMatch(/can only run as a node of a workflow/);
	});

	test('another operation of the same node still works as a tool (the guard is Send and Wait’s alone)', async () => {
		const { error, agentOutput } = await runAsAgentTool(helena.credentials, {
			resource: 'message',
			operation: 'sendText',
			sendTo: 'phone',
			phoneNumber: MARIA_PHONE,
			text: 'Hello from the agent',
		});

		expect(error).toBeUndefined();
		expect(allRequests(helena).map((request) => `${request.method} ${request.path}`)).toEqual(['POST /chat/v1/send/text']);
		expect(String((agentOutput as { toolAnswer: string }).toolAnswer)).toContain('"id"');
	});
});

describe('Message → Send and Wait for Response as n8n 2.x’s approval gate (helenaHitlTool) and as a tool the Agent’s model calls', () => {
	const helena = useChatSandbox();
	/**
	 * n8n 2.x's default text of the gate's Message is "…{{ $tool.name }}…{{ $tool.parameters }}"; `$tool` reads the
	 * gate's input keys `tool` and `toolParameters`, read here directly (the n8n-workflow of these tests is 1.x,
	 * which has no `$tool`; the real default text is run in test/e2e/suites/2-approval-gate.mjs).
	 */
	const gateMessage = '=The agent wants to run this tool: {{ $json.tool }}\n\nInput:\n{{ JSON.stringify($json.toolParameters) }}';
	const gate = (parameters: IDataObject = {}) => ask({ message: gateMessage, ...parameters });

	test('the gate sends the approval request, with the tool’s name and input and both links, and the execution waits', async () => {
		const { error, run } = await runForAgentRequest(helena.credentials, gate(), { gate: true });

		expect(error).toBeUndefined();
		const requests = allRequests(helena);
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /chat/v1/send/text']);
		const [question, input, links] = String((requests[0].body as IDataObject).text).split('\n\n');
		expect(question).toBe('The agent wants to run this tool: Transfer_to_a_person');
		expect(input).toBe('Input:\n{"sessionId":"0b0b0b0b-0000-4000-8000-00000000000a"}');
		expect(links).toMatch(
			/^Approve: http:\/\/127\.0\.0\.1:5678\/webhook-waiting\/engine-test-run\/helena-tool-node\?approved=true&\S+\nDecline: http\S+approved=false/,
		);
		expect(run.waitTill).toBeInstanceOf(Date);
		expect(run.status).toBe('waiting');
		const [pending] = pendingItems(run as never) as { json: IDataObject }[];
		expect(pending.json).toMatchObject({ response: 'noResponse', approved: false });
		expect(pending.json.chatInput).toMatch(/^Nobody answered the approval request before its time limit \(.+\); the tool did not run\.$/);
	});

	test('Send and Wait as a plain tool the Agent’s model calls (helenaTool, same engine request): refused, nothing sent, nothing waits', async () => {
		const { error, run } = await runForAgentRequest(helena.credentials, ask(), { gate: false });

		expect(allRequests(helena)).toEqual([]);
		expect(run.waitTill).toBeUndefined();
		expect(run.status).not.toBe('waiting');
		expect(String((error as Error | undefined)?.message)).toMatch(/can only run as a node of a workflow/);
	});

	test('a gate whose send Helena refuses: no wait, and the Agent gets approved: false with the cause for the model (not a bare refusal)', async () => {
		const { error, run, agentOutput } = await runForAgentRequest(helena.credentials, gate({ phoneNumber: NEW_LEAD }), { gate: true });

		expect(error).toBeUndefined();
		expect(run.waitTill).toBeUndefined();
		const answer = JSON.stringify(agentOutput);
		expect(answer).toContain('"approved":false');
		expect(answer).toMatch(
			/"chatInput":"The approval request was not sent, so nobody was asked and the tool did not run: [^"]*24-hour window with the contact \+55 21 98888-7777 is closed/,
		);
	});

	test('a gate whose recipient is no phone number: "was not sent", and the model reads no item number', async () => {
		const { error, agentOutput } = await runForAgentRequest(helena.credentials, gate({ phoneNumber: '12-ab!' }), { gate: true });

		expect(error).toBeUndefined();
		expect(allRequests(helena)).toEqual([]);
		const answer = JSON.stringify(agentOutput);
		expect(answer).toContain(
			'"chatInput":"The approval request was not sent, so nobody was asked and the tool did not run: Phone Number must be a phone number with country code (10 to 15 digits), not \\"12-ab!\\""',
		);
		expect(answer).not.toMatch(/\(item \d+\)/);
	});

	test('a gate set to On Error → Stop Workflow: the failed send is the execution’s error', async () => {
		const { error, run } = await runForAgentRequest(helena.credentials, gate({ phoneNumber: NEW_LEAD }), {
			gate: true,
			onError: 'stopWorkflow',
		});

		expect(run.waitTill).toBeUndefined();
		expect(String((error as Error | undefined)?.message)).toMatch(/24-hour window with the contact \+55 21 98888-7777 is closed/);
		expect(String(run.data.resultData.error?.message)).toMatch(/24-hour window/);
	});
});

/**
 * The approval request reached Helena but its answer was lost: the connection broke after Helena stored the message,
 * Helena took it and never answered in time, or a gateway answered 502 after Helena took it. The reviewer may hold
 * the message, so the gate (and Send and Wait in a workflow) waits as for a sent request, and never sends it again.
 */
describe('Send and Wait whose request may have been sent (Helena took it, its answer was lost)', () => {
	const helena = useChatSandbox();
	beforeEach(() => helena.sandbox.misbehaviour.clear());
	afterAll(() => helena.sandbox.misbehaviour.clear());

	const gateMessage = '=The agent wants to run this tool: {{ $json.tool }}';
	const faults: Array<[string, unknown, string]> = [
		['the connection broke after Helena stored it', true, 'The connection to Helena broke during POST /chat/v1/send/text'],
		['no answer within the Timeout after Helena took it', 'hang', 'Helena did not answer POST /chat/v1/send/text within 0.5 s'],
		['a gateway answered 502 after Helena took it', 502, 'Helena answered 502'],
	];
	const timeout = { timeout: 0.5 };
	const sends = () => allRequests(helena).filter((request) => request.method === 'POST' && request.path === '/chat/v1/send/text');
	const storedToManager = () =>
		helena.sandbox.chat
			.sessions()
			.flatMap((session: { id: string }) => helena.sandbox.chat.history(session.id))
			.filter((message: { text?: string }) => /The agent wants to run this tool/.test(String(message.text)));

	test.each(faults)(
		'the gate, %s: sent once, the execution waits for a click, and the time limit tells the model the request may not have reached the reviewer',
		async (_case, loseAnswer, cause) => {
			helena.sandbox.misbehaviour.next({ loseAnswer, method: 'POST', path: '/chat/v1/send/text' });

			const { error, run } = await runForAgentRequest({ ...helena.credentials, ...timeout }, ask({ message: gateMessage }), {
				gate: true,
			});

			expect(error).toBeUndefined();
			expect(sends()).toHaveLength(1);
			expect(storedToManager()).toHaveLength(1);
			expect(run.status).toBe('waiting');
			expect(run.waitTill).toBeInstanceOf(Date);
			const [pending] = pendingItems(run as never) as { json: IDataObject }[];
			expect(pending.json).toMatchObject({ response: 'noResponse', sendOutcome: 'mayHaveBeenSent', approved: false, message: null });
			expect(String(pending.json.chatInput)).toMatch(
				/^Nobody answered the approval request before its time limit \(.+\), and it may not have reached the reviewer: the approval request may have been sent, but Helena's answer was lost \(.+\)\. The tool did not run\.$/,
			);
			expect(String(pending.json.chatInput)).toContain(cause);
			expect(String(pending.json.chatInput)).not.toMatch(/was not sent/);
			expect(String((pending.json.error as IDataObject).message)).toContain(cause);
		},
	);

	test('Send and Wait in a workflow, the connection broke after Helena stored it: it waits too, and its "no response" item says the message may have been sent', async () => {
		helena.sandbox.misbehaviour.next({ loseAnswer: true, method: 'POST', path: '/chat/v1/send/text' });

		const { error, run } = await helena.run(ask());

		expect(error).toBeUndefined();
		expect(sends()).toHaveLength(1);
		expect(run.status).toBe('waiting');
		const [pending] = pendingItems(run as never) as { json: IDataObject }[];
		expect(pending.json).toMatchObject({ response: 'noResponse', sendOutcome: 'mayHaveBeenSent', responded: false, message: null });
		expect(pending.json.chatInput).toBeUndefined();
	});

	test('a request Helena answered: the pending item says it was sent', async () => {
		const { run } = await runForAgentRequest(helena.credentials, ask({ message: gateMessage }), { gate: true });

		const [pending] = pendingItems(run as never) as { json: IDataObject }[];
		expect(pending.json).toMatchObject({ response: 'noResponse', sendOutcome: 'sent' });
		expect(pending.json.error).toBeUndefined();
	});

	test('a request Helena refused (a 4xx answer): not sent, nothing waits, and the model is told nobody was asked', async () => {
		const { run, agentOutput } = await runForAgentRequest(helena.credentials, ask({ message: gateMessage, phoneNumber: NEW_LEAD }), {
			gate: true,
		});

		expect(run.status).not.toBe('waiting');
		expect(JSON.stringify(agentOutput)).toContain('"response":"notSent","sendOutcome":"notSent"');
		expect(JSON.stringify(agentOutput)).toContain('"chatInput":"The approval request was not sent, so nobody was asked');
	});
});

describe('a send’s outcome, told to an AI Agent’s model in the error of a Helena Tool', () => {
	const helena = useChatSandbox();
	beforeEach(() => helena.sandbox.misbehaviour.clear());
	afterAll(() => helena.sandbox.misbehaviour.clear());

	const sendText = (parameters: IDataObject = {}) => ({
		resource: 'message',
		operation: 'sendText',
		sendTo: 'phone',
		phoneNumber: MARIA_PHONE,
		text: 'Seu pedido saiu para entrega',
		...parameters,
	});

	test.each([
		['the connection broke after Helena stored it', true],
		['a gateway answered 502 after Helena took it', 502],
	])('Send Text as a tool, %s: the error says the message may have been sent; it was sent once', async (_case, loseAnswer) => {
		helena.sandbox.misbehaviour.next({ loseAnswer, method: 'POST', path: '/chat/v1/send/text' });

		const { error } = await runForAgentRequest(helena.credentials, sendText(), { gate: false });

		expect(String((error as Error | undefined)?.message)).toMatch(/; the message may have been sent$/);
		expect(allRequests(helena).filter((request) => request.method === 'POST')).toHaveLength(1);
	});

	test('Send Text as a tool that Helena refuses (closed WhatsApp window): the error says the message was not sent', async () => {
		const { error } = await runAsAgentTool(helena.credentials, sendText({ phoneNumber: NEW_LEAD }));

		expect(String((error as Error | undefined)?.message)).toMatch(
			/24-hour window with the contact .* is closed: .*; the message was not sent/,
		);
	});

	test('Conversation → Send Message under Continue On Fail, no answer after Helena took it: the error item says the message may have been sent', async () => {
		helena.sandbox.misbehaviour.next({ loseAnswer: 'hang', method: 'POST' });

		const { items } = await helena.run(
			{ resource: 'session', operation: 'sendMessage', sessionId: mariaSession(helena).id, text: 'Oi' },
			{ continueOnFail: true, credentials: { timeout: 0.5 } },
		);

		expect(items[0].json.error).toMatch(
			/^Helena did not answer POST \/chat\/v1\/session\/\{id\}\/message within 0\.5 s.*; the message may have been sent$/,
		);
	});

	test('Send and Wait as a plain tool: refused, and the error says the message was not sent', async () => {
		const { error } = await runForAgentRequest(helena.credentials, ask(), { gate: false });

		expect(String((error as Error | undefined)?.message)).toMatch(/can only run as a node of a workflow; the message was not sent/);
	});
});

describe('every option is read against its list before anything is sent, also from an expression', () => {
	const helena = useChatSandbox();

	const refused = async (parameters: ReturnType<typeof ask>, message: RegExp) => {
		const { error, run } = await helena.run(parameters);
		expect(String(error?.message)).toMatch(message);
		expect(allRequests(helena)).toEqual([]);
		expect(run.waitTill).toBeUndefined();
	};

	test('Send and Wait: a Type of Approval from an expression that is not one of the list (never defaulted to Approve and Decline)', async () => {
		await refused(ask({ approvalType: '={{ "triple" }}' }), /Type of Approval must be one of .*not "triple"/);
	});

	test('Send and Wait: a form field type from an expression that is not one of the list (never defaulted to text)', async () => {
		await refused(
			ask({
				responseType: 'customForm',
				formFields: { values: [{ fieldLabel: 'Agree', fieldType: '={{ "checkbox" }}', requiredField: true }] },
			}),
			/Form Fields: Field Type must be one of .*not "checkbox"/,
		);
	});

	test('Send and Wait: a time limit unit from an expression that is not one of the list', async () => {
		await refused(ask({ resumeUnit: '={{ "weeks" }}' }), /Unit must be one of minutes, hours, days, not "weeks"/);
	});

	test('Send and Wait: a time limit that overflows a date is refused; no link carries NaN', async () => {
		await refused(ask({ resumeAmount: 1e15, resumeUnit: 'days' }), /Amount makes a time limit past 3000-01-01/);
		await refused(
			ask({ limitType: 'atSpecifiedTime', maxDateAndTime: '3100-01-01T00:00:00Z' }),
			/Max Date and Time makes a time limit past/,
		);
	});

	test('a form field labelled __proto__ or constructor is refused before sending: n8n drops those keys from every item, so the answer would be lost', async () => {
		for (const label of ['__proto__', 'constructor']) {
			await refused(
				ask({ responseType: 'customForm', formFields: { values: [{ fieldLabel: label, fieldType: 'text' }] } }),
				new RegExp(`the label "${label}" cannot be a key of the answer`),
			);
		}
	});
});
