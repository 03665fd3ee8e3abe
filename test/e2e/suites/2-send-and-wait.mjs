// Message → Send and Wait for Response in a running n8n: a production execution sends its question, waits,
// and continues with the answer given by requesting the links the message carried (read back from what the
// sandbox received), or with "noResponse" once the time limit has passed. Runs beside the other suites
// (e2e.beside), on a sandbox and n8n server of its own: it restarts its n8n, and n8n resumes a wait whose time
// is up only at its once-a-minute check.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { n8nAtLeast, outputOf } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';
import { sendAndWaitWorkflow, sentLinks } from '../../../scripts/lib/workflows.mjs';

/** The sandbox and n8n server of this suite's own (e2e.beside). */
let sandbox;
let n8n;

const PHONE = '+55 11 97777-0101';
const signed = n8nAtLeast(e2e.version, '1.123.0');

const ask = (parameters) => ({ sendTo: 'phone', phoneNumber: PHONE, ...parameters });
const workflows = {
	approval: sendAndWaitWorkflow(
		'e2eWaitApprove01',
		'wait-approval',
		'7b1e0c3a-1d2f-4c5b-8a9e-0f1a2b3c4d01',
		ask({ message: '={{ $json.body.question }}' }),
	),
	text: sendAndWaitWorkflow(
		'e2eWaitFreeText1',
		'wait-text',
		'7b1e0c3a-1d2f-4c5b-8a9e-0f1a2b3c4d02',
		ask({ message: '={{ $json.body.question }}', responseType: 'freeText', responseOptions: { linkText: 'Answer here' } }),
	),
	form: sendAndWaitWorkflow(
		'e2eWaitForm00001',
		'wait-form',
		'7b1e0c3a-1d2f-4c5b-8a9e-0f1a2b3c4d03',
		ask({
			message: '={{ $json.body.question }}',
			responseType: 'customForm',
			formFields: {
				values: [
					{
						fieldLabel: 'Preferred time',
						fieldType: 'dropdown',
						fieldOptions: { values: [{ option: 'Morning' }, { option: 'Afternoon' }] },
						requiredField: true,
					},
					{ fieldLabel: 'Guests', fieldType: 'number' },
					{ fieldLabel: 'Notes', fieldType: 'textarea' },
				],
			},
			responseOptions: { askName: true, formTitle: 'Your appointment' },
		}),
	),
	keys: sendAndWaitWorkflow(
		'e2eWaitFormKeys1',
		'wait-form-keys',
		'7b1e0c3a-1d2f-4c5b-8a9e-0f1a2b3c4d05',
		ask({
			message: '={{ $json.body.question }}',
			responseType: 'customForm',
			formFields: {
				values: [
					{ fieldLabel: 'Name', fieldType: 'text', requiredField: true },
					{ fieldLabel: 'Notes', fieldType: 'text' },
					{ fieldLabel: 'Day', fieldType: 'date', requiredField: true },
				],
			},
		}),
	),
	late: sendAndWaitWorkflow(
		'e2eWaitNoAnswer1',
		'wait-late',
		'7b1e0c3a-1d2f-4c5b-8a9e-0f1a2b3c4d04',
		ask({ message: '={{ $json.body.question }}', resumeAmount: 0.02, resumeUnit: 'minutes' }),
	),
};

/** The execution's status (n8n's public list leaves waiting executions out; one execution by ID it shows). */
async function statusOf(id) {
	return statusIn(await n8n.api('GET', `/executions/${id}`));
}

/** An execution's status; n8n 1.85's API gives none: a waiting execution is then one with `waitTill` that has not finished. */
function statusIn(execution) {
	if (execution.status) return execution.status;
	if (execution.finished) return 'success';
	return execution.waitTill && !execution.data?.resultData?.error ? 'waiting' : 'running';
}

/** Starts the workflow with `question`; resolves once its execution waits, with the links its message carried. */
async function askQuestion(workflow, question) {
	const path = workflow.nodes[0].parameters.path;
	const started = await fetch(`${n8n.url}/webhook/${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ question }),
	});
	assert.equal(started.status, 200, await started.text());
	const { text, links } = await e2e.eventually(
		() => sentLinks(sandbox, question),
		(sent) => sent.links.length > 0,
		{ timeoutMs: 60_000 },
	);
	assert.ok(links.length, `no message with "${question}" reached Helena`);
	const id = new URL(links[0]).pathname.split('/')[2];
	// saved as waiting, its last save done (stoppedAt): an n8n stopped before that may find it unfinished, "crashed"
	const execution = await e2e.eventually(
		() => n8n.api('GET', `/executions/${id}`),
		(value) => !['running', 'new'].includes(statusIn(value)) && Boolean(value.stoppedAt),
	);
	assert.equal(statusIn(execution), 'waiting');
	return { id, text, links };
}

async function finished(id) {
	const execution = await e2e.eventually(
		async () => await n8n.api('GET', `/executions/${id}?includeData=true`),
		(execution) => execution.finished || execution.status === 'error',
		{ timeoutMs: 90_000, intervalMs: 500 },
	);
	assert.ok(execution.finished, `execution ${id} did not finish: ${JSON.stringify(execution.data?.resultData?.error ?? execution.status)}`);
	return outputOf(execution.data.resultData.runData, 'Done');
}

const open = (url, init) => fetch(url, { headers: { 'user-agent': 'Mozilla/5.0 (e2e)' }, ...init });
const post = (url, fields) =>
	open(url, {
		method: 'POST',
		headers: { 'user-agent': 'Mozilla/5.0 (e2e)', 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields).toString(),
	});

/** What a browser sends for the page's form (multipart/form-data). */
const submit = (url, fields) => {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	return open(url, { method: 'POST', body: form });
};

async function approve() {
	const { id, text, links } = await askQuestion(workflows.approval, 'Confirm Monday 10:00? #A1');
	assert.equal(links.length, 2);
	assert.match(text, /^Confirm Monday 10:00\? #A1\n\nApprove: http\S+\nDecline: http\S+$/);
	assert.ok(links.every((link) => link.startsWith(`${n8n.url}/webhook-waiting/${id}/`)));
	if (signed) assert.ok(links.every((link) => /[?&]signature=[0-9a-f]{64}/.test(link)));

	const preview = await fetch(links[0], { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } });
	assert.equal(preview.status, 200);
	assert.equal(await statusOf(id), 'waiting', 'a link preview answered');

	const page = await open(links[0]);
	assert.equal(page.status, 200);
	assert.match(page.headers.get('content-type') ?? '', /text\/html/);
	assert.match(await page.text(), /Your answer was recorded/);

	const [item] = await finished(id);
	assert.equal(item.response, 'approved');
	assert.equal(item.responded, true);
	assert.equal(item.approved, true);
	assert.equal(item.respondedBy.phoneNumber, PHONE);
	assert.equal(item.question, 'Confirm Monday 10:00? #A1');
	assert.ok(Math.abs(Date.parse(item.respondedAt) - Date.now()) < 120_000);

	for (const link of links) {
		const again = await open(link);
		assert.equal(again.status, 200);
		assert.match(await again.text(), /No action required/);
	}
	const [still] = await finished(id);
	assert.equal(still.response, 'approved');
}

async function decline() {
	const { id, links } = await askQuestion(workflows.approval, 'Confirm Tuesday 11:00? #A2');
	await n8n.stop();
	await n8n.start();
	// n8n answers before its startup recovery has run. That recovery takes the waiting execution (its event log
	// has no end for it) through 'crashed' and back to 'waiting' (amend, then the save hook): read after it.
	await e2e.eventually(
		() => n8n.logs.includes('MessageEventBus initialized'),
		(done) => done,
		{ timeoutMs: 60_000 },
	);
	assert.equal(await statusOf(id), 'waiting', 'still waiting once n8n has restarted');
	if (signed) {
		const forged = await open(links[1].replace('approved=false', 'approved=true'));
		assert.equal(forged.status, 401, 'an altered link was accepted');
		assert.equal(await statusOf(id), 'waiting');
	}
	assert.equal((await open(links[1])).status, 200);
	const [item] = await finished(id);
	assert.deepEqual([item.response, item.approved, item.respondedBy.phoneNumber], ['declined', false, PHONE]);
}

async function freeText() {
	const { id, text, links } = await askQuestion(workflows.text, 'Anything we should know? #T1');
	assert.equal(links.length, 1);
	assert.match(text, /\n\nAnswer here: http\S+$/);
	const form = await open(links[0]);
	assert.equal(form.status, 200);
	const html = await form.text();
	assert.match(html, /<form method="POST" action="" enctype="multipart\/form-data">/);
	assert.match(html, /Anything we should know\? #T1/);
	assert.equal((await post(links[0], { 'field-0': '  ' })).status, 400);
	assert.equal(await statusOf(id), 'waiting');

	const done = await submit(links[0], { 'field-0': 'I will bring my daughter.' });
	assert.equal(done.status, 200);
	const [item] = await finished(id);
	assert.equal(item.response, 'text');
	assert.equal(item.text, 'I will bring my daughter.');
	assert.equal(item.approved, undefined);
	assert.equal(item.respondedBy.phoneNumber, PHONE);
}

async function customForm() {
	const { id, links } = await askQuestion(workflows.form, 'When suits you? #F1');
	const html = await (await open(links[0])).text();
	assert.match(html, /Your appointment/);
	assert.match(html, /<option>Afternoon<\/option>/);
	assert.equal((await submit(links[0], { 'field-0': 'Evening', 'field-3': 'Ana' })).status, 400);

	assert.equal((await submit(links[0], { 'field-0': 'Afternoon', 'field-1': '2', 'field-2': '', 'field-3': 'Ana Souza' })).status, 200);
	const [item] = await finished(id);
	assert.equal(item.response, 'form');
	assert.deepEqual(item.form, { 'Preferred time': 'Afternoon', Guests: 2, Notes: null });
	assert.deepEqual(item.respondedBy, { phoneNumber: PHONE, name: 'Ana Souza' });
}

async function formKeys() {
	const { id, links } = await askQuestion(workflows.keys, 'Which day? #K1');
	const refused = async (fields, error) => {
		const answer = await submit(links[0], fields);
		assert.equal(answer.status, 400);
		assert.match(await answer.text(), error);
		assert.equal(await statusOf(id), 'waiting');
	};
	await refused({ 'field-0': 'a', 'field-2': '2026-02-30' }, /a date that exists/);
	await refused({ 'field-0': 'a', 'field-2': '2026-04-31' }, /a date that exists/);
	await refused({ 'field-0': '', 'field-2': '2026-03-02' }, /Please fill in this field/);

	assert.equal((await submit(links[0], { 'field-0': 'first', 'field-1': 'second', 'field-2': '2026-03-02' })).status, 200);
	const [item] = await finished(id);
	assert.equal(item.response, 'form');
	assert.deepEqual(item.form, { Name: 'first', Notes: 'second', Day: '2026-03-02' });
}

async function timeLimit() {
	const { id, links } = await askQuestion(workflows.late, 'Still interested? #L1');
	await new Promise((resolve) => setTimeout(resolve, 2_000));
	const late = await open(links[0]);
	const lateText = await late.text();
	// still waiting for n8n's once-a-minute check: the link's own deadline; continued already: n8n's page
	if (late.status === 410) assert.match(lateText, /This request has expired/);
	else assert.match(lateText, /No action required/);

	const [item] = await finished(id);
	assert.equal(item.response, 'noResponse');
	assert.equal(item.responded, false);
	assert.equal(item.approved, false);
	assert.equal(item.respondedAt, null);
	assert.deepEqual(item.sentTo, { phoneNumber: PHONE });
	assert.ok(item.message?.id, 'the receipt of the sent message');
}

const steps = e2e.beside(
	async (own) => {
		({ sandbox, n8n } = own);
		await n8n.importWorkflows(Object.values(workflows));
		for (const workflow of Object.values(workflows)) await n8n.api('POST', `/workflows/${workflow.id}/activate`);
		sandbox.chat.contactWrites(PHONE, 'oi');
	},
	[approve, decline, freeText, customForm, formKeys, timeLimit],
);

describe(`Send and Wait for Response in n8n ${e2e.version}`, () => {
	test(
		'Approve: the message carries both links, the approve link continues the workflow with approved: true; opening it again changes nothing',
		steps[0],
	);
	test('Decline, after an n8n restart while waiting: the decline link continues with approved: false', steps[1]);
	test('Free Text: the link opens a form; an empty answer is refused and the execution keeps waiting; the text continues it', steps[2]);
	test('Custom Form: the fields come back by label, with the name the person gave', steps[3]);
	test(
		'the page accepts only what the form allows: a day that does not exist and a missing required field are refused and the execution keeps waiting',
		steps[4],
	);
	test('time limit: nobody answers, the workflow continues with response "noResponse"; the link then changes nothing', steps[5]);
});
