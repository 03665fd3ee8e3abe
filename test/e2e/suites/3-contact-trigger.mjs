// The Helena Contact Trigger (polling) in a running n8n, through examples/contact-changes-to-spreadsheet.json:
// activation starts from now; the contacts changed afterwards come out, exactly those; n8n is stopped,
// more contacts change (a crowd of them in one instant), and the start emits exactly the missed ones.
// Runs last: it stops and starts the shared n8n server. Polls come every minute (n8n's shortest).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, describe, test } from 'node:test';

import { loadExample } from '../../../scripts/lib/examples.mjs';
import { executionStatus, outputOf } from '../../../scripts/lib/n8n.mjs';
import { API_KEY, e2e } from '../context.mjs';
import { CREDENTIAL_ID } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const example = loadExample('contact-changes-to-spreadsheet.json', {
	credentials: { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } },
});
const POLL_WAIT = { timeoutMs: 150_000, intervalMs: 1_000 };

async function helena(method, path, body) {
	const response = await fetch(`${e2e.sandbox.url}/core${path}`, {
		method,
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: body ? JSON.stringify(body) : undefined,
	});
	const text = await response.text();
	assert.equal(response.status, 200, text);
	return JSON.parse(text);
}
/** Helena stamps changes to the millisecond; a pause keeps the order of the story unambiguous. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
const create = (name) => helena('POST', '/v1/contact', { name });
const rename = (id, name) => helena('PUT', `/v2/contact/${id}`, { name, fields: ['Name'] });

async function executions() {
	const { data } = await e2e.n8n.api('GET', `/executions?workflowId=${example.id}&includeData=true`);
	return data.filter((execution) => execution.finished || execution.stoppedAt).sort((a, b) => Number(a.id) - Number(b.id));
}

/** The trigger's items of each execution, as "event name". */
function changesOf(execution) {
	return outputOf(execution.data.resultData.runData, 'New or changed contacts').map((item) => `${item.event} ${item.name}`);
}

/** The contact list requests the trigger sent with a lower bound (the polls that read changes). */
const pollRequests = () =>
	e2e.sandbox.requests.filter((request) => request.decodedPath === '/core/v1/contact' && request.query.OrderDirection === 'ASCENDING');

describe(`the Helena Contact Trigger in a running n8n ${e2e.version}`, () => {
	before(async () => {
		await e2e.n8n.importWorkflow(example);
		await e2e.server();
	});

	test('n8n lists it as a polling trigger with Poll Times', async () => {
		const response = await fetch(`${e2e.n8n.url}/types/nodes.json`, { headers: { cookie: e2e.n8n.cookie } });
		const type = (await response.json()).find((candidate) => candidate.name === 'n8n-nodes-helena.helenaContactTrigger');
		assert.ok(type, 'no n8n-nodes-helena.helenaContactTrigger type');
		assert.equal(type.displayName, 'Helena Contact Trigger');
		assert.equal(type.polling, true);
		assert.ok(type.properties.some((property) => property.name === 'pollTimes'));
	});

	test('activation starts from now; exactly the later changes come out; after n8n was stopped, exactly the missed ones', async () => {
		e2e.sandbox.clearRequests();
		await e2e.n8n.api('POST', `/workflows/${example.id}/activate`);
		const baseline = await e2e.eventually(
			() => e2e.sandbox.requests.filter((request) => request.decodedPath === '/core/v1/contact'),
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
		await e2e.n8n.stop();
		await rename(demo.contactId(7), 'Renamed While Down');
		await pause();
		await create('Bruno Offline');
		await pause();
		const imported = e2e.sandbox.seedContacts(120, { prefix: 'Imported While Down' });
		e2e.sandbox.clearRequests();

		await e2e.n8n.start();
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
		await e2e.n8n.api('POST', `/workflows/${example.id}/deactivate`);
	});
});
