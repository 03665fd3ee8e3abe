// The polling triggers in a running n8n. The Helena Contact Trigger through
// examples/contact-changes-to-spreadsheet.json: activation starts from now; the contacts changed afterwards
// come out, exactly those; n8n is stopped, more contacts change (a crowd of them in one instant), and the
// start emits exactly the missed ones. Then the Conversation and Card Triggers side by side, with the same
// story and more: a failed poll with 250 changes behind it, 100 changes while n8n is down.
// Runs beside the other suites (e2e.beside), on a sandbox and n8n server of its own: it stops and starts its
// n8n, and most of its time goes into waiting for polls. Polls come every 10 seconds (TEN_SECONDS); the
// example itself polls every minute.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { loadExample, nodeNamed } from '../../../scripts/lib/examples.mjs';
import { executionStatus, outputOf } from '../../../scripts/lib/n8n.mjs';
import { API_KEY, e2e } from '../context.mjs';
import { CREDENTIAL_ID } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

/** The sandbox and n8n server of this suite's own (e2e.beside). */
let sandbox;
let n8n;

const example = loadExample('contact-changes-to-spreadsheet.json', {
	credentials: { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } },
});
/**
 * Poll Times for a poll every 10 seconds through n8n's own scheduler. n8n refuses a poll time whose seconds
 * field is anything but one fixed second ("The polling interval is too short"), so: six poll times, each
 * once a minute, ten seconds apart (accepted by n8n 1.x and 2.x). A poll here reads at most a few hundred
 * changes from the local sandbox, a fraction of the 10 seconds, so two polls of a trigger never overlap.
 */
const TEN_SECONDS = { item: [0, 10, 20, 30, 40, 50].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) };
nodeNamed(example, 'New or changed contacts').parameters.pollTimes = TEN_SECONDS;
const POLL_WAIT = { timeoutMs: 150_000, intervalMs: 500 };

async function helena(method, path, body) {
	const response = await fetch(`${sandbox.url}/core${path}`, {
		method,
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: body ? JSON.stringify(body) : undefined,
	});
	const text = await response.text();
	assert.equal(response.status, 200, text);
	return JSON.parse(text);
}
/** Helena stamps changes to the millisecond; a pause keeps the order of the story unambiguous. */
const pause = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));
const create = (name) => helena('POST', '/v1/contact', { name });
const rename = (id, name) => helena('PUT', `/v2/contact/${id}`, { name, fields: ['Name'] });

async function executions() {
	const { data } = await n8n.api('GET', `/executions?workflowId=${example.id}&includeData=true`);
	return data.filter((execution) => execution.finished || execution.stoppedAt).sort((a, b) => Number(a.id) - Number(b.id));
}

/** The trigger's items of each execution, as "event name". */
function changesOf(execution) {
	return outputOf(execution.data.resultData.runData, 'New or changed contacts').map((item) => `${item.event} ${item.name}`);
}

/** The contact list requests the trigger sent with a lower bound (the polls that read changes). */
const pollRequests = () =>
	sandbox.requests.filter((request) => request.decodedPath === '/core/v1/contact' && request.query.OrderDirection === 'ASCENDING');

async function contactListed() {
	const response = await fetch(`${n8n.url}/types/nodes.json`, { headers: { cookie: n8n.cookie } });
	const type = (await response.json()).find((candidate) => candidate.name === 'n8n-nodes-helena.helenaContactTrigger');
	assert.ok(type, 'no n8n-nodes-helena.helenaContactTrigger type');
	assert.equal(type.displayName, 'Helena Contact Trigger');
	assert.equal(type.polling, true);
	assert.ok(type.properties.some((property) => property.name === 'pollTimes'));
}

async function contactStory() {
	sandbox.clearRequests();
	await n8n.api('POST', `/workflows/${example.id}/activate`);
	const baseline = await e2e.eventually(
		() => sandbox.requests.filter((request) => request.decodedPath === '/core/v1/contact'),
		(requests) => requests.length > 0,
	);
	assert.equal(baseline[0].query.OrderDirection, 'DESCENDING');
	assert.deepEqual(await executions(), []);

	// while active: one new contact and one renamed
	await create('Ana Polling');
	await pause();
	await rename(demo.contactId(6), 'Renamed While Active');
	const whileActive = ['contactCreated Ana Polling', 'contactUpdated Renamed While Active'];
	const seenActive = await e2e.eventually(
		async () => (await executions()).flatMap(changesOf),
		(changes) => changes.length >= 2,
		POLL_WAIT,
	);
	assert.deepEqual(seenActive, whileActive);
	const [first] = await executions();
	assert.equal(executionStatus(first), 'success');
	const [file] = first.data.resultData.runData['Spreadsheet file'][0].data.main[0].map((item) => item.binary.data);
	assert.match(file.fileName, /^helena-contact-changes-[\d-]+\.csv$/);
	assert.deepEqual(
		outputOf(first.data.resultData.runData, 'Spreadsheet columns').map((row) => [row.Event, row.Name]),
		[
			['created', 'Ana Polling'],
			['updated', 'Renamed While Active'],
		].slice(0, changesOf(first).length),
	);

	// n8n stops; Helena goes on: a renamed contact, a new one, and 120 imported in one instant
	const executionsBefore = (await executions()).length;
	await n8n.stop();
	await rename(demo.contactId(7), 'Renamed While Down');
	await pause();
	await create('Bruno Offline');
	await pause();
	const imported = sandbox.seedContacts(120, { prefix: 'Imported While Down' });
	sandbox.clearRequests();

	await n8n.start();
	const afterStart = await e2e.eventually(
		async () => (await executions()).slice(executionsBefore),
		(list) => list.length > 0,
		POLL_WAIT,
	);
	const missed = afterStart.flatMap(changesOf);
	assert.deepEqual(missed.slice(0, 2), ['contactUpdated Renamed While Down', 'contactCreated Bruno Offline']);
	assert.deepEqual(missed.slice(2).sort(), imported.map((contact) => `contactCreated ${contact.name}`).sort());
	assert.equal(missed.length, 122);

	// the next scheduled poll finds nothing more: nothing twice
	const polled = pollRequests().length;
	await e2e.eventually(
		() => pollRequests().length,
		(count) => count > polled,
		POLL_WAIT,
	);
	await new Promise((resolve) => setTimeout(resolve, 2_000));
	assert.equal((await executions()).length, executionsBefore + afterStart.length);
	assert.deepEqual((await executions()).flatMap(changesOf), [...whileActive, ...missed]);
	await n8n.api('POST', `/workflows/${example.id}/deactivate`);
}

/** A workflow of one polling trigger (every 10 seconds) whose executions hold the trigger's items. */
function pollingWorkflow(id, nodeName, type, parameters) {
	return {
		id,
		name: `e2e ${nodeName}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-trigger`,
				name: nodeName,
				type,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: TEN_SECONDS, ...parameters, filters: {}, options: {} },
				credentials: { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } },
			},
		],
		connections: {},
		pinData: {},
	};
}

const phone = (n) => `55119800${String(n).padStart(5, '0')}`;
const crm = (method, path, body) => helenaAt('/crm', method, path, body);
const chat = (method, path, body) => helenaAt('/chat', method, path, body);
async function helenaAt(service, method, path, body) {
	const response = await fetch(`${sandbox.url}${service}${path}`, {
		method,
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: body ? JSON.stringify(body) : undefined,
	});
	const text = await response.text();
	assert.equal(response.status, 200, text);
	return JSON.parse(text);
}
const SALES = 'Funil de Vendas';

/**
 * Each kind: its workflow, how its items read ("event label"), its list path, and the story's changes,
 * each returning the items it should produce.
 */
const KINDS = [
	{
		kind: 'conversation',
		workflow: pollingWorkflow('helenaPollConv01', 'Conversation changes', 'n8n-nodes-helena.helenaConversationTrigger', {
			events: ['conversationCreated', 'conversationUpdated', 'conversationCompleted'],
		}),
		path: '/chat/v2/session',
		label: (item) => `${item.event} ${String(item.contactDetails?.phonenumber ?? '').replace(/\D/g, '')}`,
		opened: [],
		async whileActive() {
			this.opened.push(sandbox.chat.contactWrites(phone(0), 'Olá'));
			return [`conversationCreated ${phone(0)}`];
		},
		async many(count, from) {
			const expected = [];
			for (let n = from; n < from + count; n++) {
				this.opened.push(sandbox.chat.contactWrites(phone(n), 'Olá'));
				expected.push(`conversationCreated ${phone(n)}`);
				await pause(2);
			}
			return expected;
		},
		async whileDown() {
			const expected = [];
			for (const session of this.opened.slice(1, 51)) {
				await chat('PUT', `/v1/session/${session.id}/complete`, {});
				expected.push(`conversationCompleted ${String(session.contactDetails.phonenumber).replace(/\D/g, '')}`);
				await pause();
			}
			return [...expected, ...(await this.many(50, 1_000))];
		},
	},
	{
		kind: 'card',
		workflow: pollingWorkflow('helenaPollCard01', 'Card changes', 'n8n-nodes-helena.helenaCardTrigger', {
			panel: { __rl: true, mode: 'id', value: demo.panelId(SALES) },
			events: ['cardCreated', 'cardUpdated', 'cardMoved', 'cardWon', 'cardLost'],
			simple: true,
		}),
		path: '/crm/v2/panel/card',
		label: (item) => `${item.event} ${item.title}`,
		created: [],
		async whileActive() {
			await crm('PUT', `/v3/panel/card/${demo.cardId('Maria Silva - Plano Pro')}`, {
				fields: ['StepId'],
				stepId: demo.stepId(SALES, 'Negociação'),
			});
			await pause();
			this.created.push(await crm('POST', '/v2/panel/card', { stepId: demo.stepId(SALES, 'Leads'), title: 'E2E card 0' }));
			return ['cardMoved Maria Silva - Plano Pro', 'cardCreated E2E card 0'];
		},
		async many(count, from) {
			const expected = [];
			for (let n = from; n < from + count; n++) {
				this.created.push(await crm('POST', '/v2/panel/card', { stepId: demo.stepId(SALES, 'Leads'), title: `E2E card ${n}` }));
				expected.push(`cardCreated E2E card ${n}`);
				// one millisecond each: cards of one instant come out ordered by ID, not by creation
				await pause(2);
			}
			return expected;
		},
		async whileDown() {
			const expected = [];
			for (const card of this.created.slice(1, 51)) {
				await crm('PUT', `/v3/panel/card/${card.id}`, { fields: ['StepId'], stepId: demo.stepId(SALES, 'Proposta') });
				expected.push(`cardMoved ${card.title}`);
				await pause();
			}
			return [...expected, ...(await this.many(50, 1_000))];
		},
	},
];

async function executionsOf(workflow) {
	const { data } = await n8n.api('GET', `/executions?workflowId=${workflow.id}&includeData=true`);
	return data.filter((execution) => execution.finished || execution.stoppedAt).sort((a, b) => Number(a.id) - Number(b.id));
}
const itemsOf = async (kind) =>
	(await executionsOf(kind.workflow)).flatMap((execution) =>
		outputOf(execution.data.resultData.runData, kind.workflow.nodes[0].name).map(kind.label),
	);
const requestsTo = (kind, test = () => true) => sandbox.requests.filter((request) => request.decodedPath === kind.path && test(request));
const LONG_WAIT = { timeoutMs: 200_000, intervalMs: 1_000 };

/** Waits until each kind's trigger has emitted as many items as `expected` holds for it, then holds them to it. */
async function eachComesOut(expected) {
	for (const kind of KINDS) {
		const seen = await e2e.eventually(
			() => itemsOf(kind),
			(items) => items.length >= expected[kind.kind].length,
			POLL_WAIT,
		);
		assert.deepEqual(seen, expected[kind.kind], kind.kind);
	}
}

/** Waits until each kind's list has been read once more: the next scheduled poll of each. */
async function nextPollOfEach() {
	const polled = Object.fromEntries(KINDS.map((kind) => [kind.kind, requestsTo(kind).length]));
	for (const kind of KINDS)
		await e2e.eventually(
			() => requestsTo(kind).length,
			(count) => count > polled[kind.kind],
			POLL_WAIT,
		);
}

async function bothListed() {
	const response = await fetch(`${n8n.url}/types/nodes.json`, { headers: { cookie: n8n.cookie } });
	const types = await response.json();
	for (const [name, displayName] of [
		['n8n-nodes-helena.helenaConversationTrigger', 'Helena Conversation Trigger'],
		['n8n-nodes-helena.helenaCardTrigger', 'Helena Card Trigger'],
	]) {
		const type = types.find((candidate) => candidate.name === name);
		assert.ok(type, `no ${name} type`);
		assert.equal(type.displayName, displayName);
		assert.equal(type.polling, true);
	}
}

async function triggersStory() {
	sandbox.clearRequests();
	for (const { workflow } of KINDS) await n8n.api('POST', `/workflows/${workflow.id}/activate`);
	for (const kind of KINDS) {
		const baseline = await e2e.eventually(
			() => requestsTo(kind),
			(requests) => requests.length > 0,
		);
		assert.equal(baseline[0].query.OrderDirection, 'DESCENDING', kind.kind);
		assert.deepEqual(await executionsOf(kind.workflow), [], kind.kind);
	}

	// while active
	const expected = {};
	for (const kind of KINDS) expected[kind.kind] = await kind.whileActive();
	await eachComesOut(expected);

	// the next poll fails (Helena answers 400); 250 changes wait behind it and all come out at the poll after.
	// Made just after a poll, the 500 changes (about 2 seconds) are all in place when the failing one comes.
	await nextPollOfEach();
	for (const kind of KINDS) sandbox.failNext(1, { status: 400, method: 'GET', path: kind.path });
	const burst = {};
	for (const kind of KINDS) burst[kind.kind] = await kind.many(250, 1);
	for (const kind of KINDS) {
		await e2e.eventually(
			() => requestsTo(kind, (request) => request.status === 400),
			(failed) => failed.length > 0,
			POLL_WAIT,
		);
		const all = [...expected[kind.kind], ...burst[kind.kind]];
		const seen = await e2e.eventually(
			() => itemsOf(kind),
			(items) => items.length >= all.length,
			LONG_WAIT,
		);
		assert.deepEqual(seen, all, kind.kind);
		expected[kind.kind] = all;
	}

	// n8n stops; 100 changes each; the start emits exactly those
	await n8n.stop();
	for (const kind of KINDS) {
		const down = await kind.whileDown();
		assert.equal(down.length, 100);
		expected[kind.kind] = [...expected[kind.kind], ...down];
	}
	sandbox.clearRequests();
	await n8n.start();
	await eachComesOut(expected);

	// the next scheduled poll of each finds nothing more: nothing twice
	await nextPollOfEach();
	await new Promise((resolve) => setTimeout(resolve, 2_000));
	for (const kind of KINDS) assert.deepEqual(await itemsOf(kind), expected[kind.kind], kind.kind);
	for (const { workflow } of KINDS) await n8n.api('POST', `/workflows/${workflow.id}/deactivate`);
}

const [listed, contact, listedBoth, triggers] = e2e.beside(
	async (own) => {
		({ sandbox, n8n } = own);
		await n8n.importWorkflows([example, ...KINDS.map(({ workflow }) => workflow)]);
	},
	[contactListed, contactStory, bothListed, triggersStory],
);

describe(`the Helena Contact Trigger in a running n8n ${e2e.version}`, () => {
	test('n8n lists it as a polling trigger with Poll Times', listed);
	test('activation starts from now; exactly the later changes come out; after n8n was stopped, exactly the missed ones', contact);
});

describe(`the Helena Conversation and Card Triggers in a running n8n ${e2e.version}`, () => {
	test('n8n lists both as polling triggers', listedBoth);
	test(
		'first activation emits nothing; each change once; a failed poll with 250 changes behind it loses none; 100 changes while n8n is down come out exactly',
		triggers,
	);
});
