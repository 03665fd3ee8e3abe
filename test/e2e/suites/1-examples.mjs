// The example workflows that `n8n execute` can run (they start from a Manual Trigger), imported from
// examples/ as users import them, with the sandbox credential in place of "Helena API".
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, test } from 'node:test';

import { loadExample, nodeNamed } from '../../../scripts/lib/examples.mjs';
import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { API_KEY, e2e } from '../context.mjs';
import { CREDENTIAL_ID } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

export const sandboxCredentials = { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } };

/**
 * The content of a binary property in `n8n execute` output: inline base64 (1.x), or a file in the user
 * folder's binary data store (2.x: `.n8n/storage`, formerly `.n8n/binaryData`).
 */
function binaryContent(binary) {
	if (binary.id) {
		const location = binary.id.split(/:(.*)/s)[1];
		const candidates = ['storage', 'binaryData'].map((store) => path.join(e2e.userFolder.folder, '.n8n', store, location));
		const file = candidates.find((candidate) => existsSync(candidate));
		assert.ok(file, `binary data ${binary.id} is in none of ${candidates.join(', ')}`);
		return readFileSync(file, 'utf8');
	}
	return Buffer.from(binary.data, 'base64').toString('utf8');
}

/** Changes a contact through the API, so that Helena stamps its updatedAt now. */
async function touchContact(id, annotation) {
	const response = await fetch(`${e2e.sandbox.url}/core/v2/contact/${id}`, {
		method: 'PUT',
		headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		body: JSON.stringify({ fields: ['Annotation'], annotation }),
	});
	const text = await response.text();
	assert.equal(response.status, 200, text);
	return JSON.parse(text);
}

describe(`the example workflows run to their end, in n8n ${e2e.version}`, () => {
	test('export-updated-contacts-nightly: a nightly schedule, Get Many of the contacts updated since yesterday, one CSV row each', async () => {
		const workflow = loadExample('export-updated-contacts-nightly.json', { credentials: sandboxCredentials });
		assert.deepEqual(nodeNamed(workflow, 'Every night').parameters.rule, { interval: [{ field: 'days', triggerAtHour: 2 }] });
		const active = [...e2e.sandbox.state.contacts.values()].filter((contact) => contact.status === 'ACTIVE');
		const touched = await touchContact(active[4].id, 'Called back about the invoice');
		await touchContact(active[6].id, 'Asked for a quote');
		const recent = active.filter((contact) => Date.parse(contact.updatedAt) > Date.now() - 86_400_000);
		assert.ok(recent.length >= 2 && recent.length < active.length - 5, `${recent.length} of ${active.length} recent`);
		e2e.sandbox.clearRequests();

		const startedAt = Date.now();
		const result = await e2e.executeWorkflow(workflow);

		assert.equal(result.ok, true, result.raw.stdout.slice(-3000) + result.raw.stderr.slice(-3000));
		const [request, ...more] = e2e.sandbox.requests;
		assert.equal(more.length, 0);
		assert.equal(`${request.method} ${request.decodedPath}`, 'GET /core/v1/contact');
		const after = Date.parse(request.query['UpdatedAt.After']);
		assert.ok(Math.abs(after - (startedAt - 86_400_000)) < 120_000, `UpdatedAt.After ${request.query['UpdatedAt.After']}`);
		assert.equal(request.query.PageSize, '100');
		assert.equal(request.query.OrderBy, 'updatedAt');

		const [file] = result.runData['CSV file'][0].data.main[0].map((item) => item.binary.data);
		assert.match(file.fileName, /^helena-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
		assert.equal(file.mimeType, 'text/csv');
		const [header, ...rows] = binaryContent(file).trim().split('\n');
		assert.equal(header, 'Contact ID,Name,Phone,Email,Tags,Status,Updated At');
		assert.equal(rows.length, recent.length);
		const row = rows.find((candidate) => candidate.startsWith(`${touched.id},`));
		const tags = touched.tagNames.join(', ');
		assert.equal(
			row,
			[
				touched.id,
				touched.name,
				touched.phoneNumber,
				touched.email ?? '',
				tags.includes(',') ? `"${tags}"` : tags,
				'ACTIVE',
				touched.updatedAt,
			].join(','),
		);
		assert.equal(outputOf(result.runData, 'Contacts updated since yesterday').length, recent.length);
	});

	test('send-invoice-template-to-leads: a PDF made in n8n per lead, uploaded to Helena, sent as the header of a template with parameters by name', async () => {
		const workflow = loadExample('send-invoice-template-to-leads.json', { credentials: sandboxCredentials });
		e2e.sandbox.clearRequests();
		const filesBefore = e2e.sandbox.chat.files().length;

		const result = await e2e.executeWorkflow(workflow);

		assert.equal(result.ok, true, result.raw.stdout.slice(-3000) + result.raw.stderr.slice(-3000));
		const requests = e2e.sandbox.requests.map(
			(request) => `${request.method} ${request.decodedPath.replace(/__storage\/.*/, '__storage/<temp>')}`,
		);
		const perLead = ['GET /core/v2/file', 'PUT /__storage/<temp>', 'POST /core/v2/file', 'POST /chat/v1/send/template'];
		// the leads are saved as contacts first, so their conversations are listed under their names
		assert.deepEqual(requests, ['POST /core/v2/contact/batch', 'GET /chat/v1/channel', 'GET /chat/v1/template', ...perLead, ...perLead]);
		const storage = e2e.sandbox.requests.filter((request) => request.method === 'PUT');
		assert.ok(
			storage.every((request) => request.headers.authorization === undefined),
			'the API key went to the storage address',
		);

		const files = e2e.sandbox.chat.files().slice(filesBefore);
		assert.deepEqual(
			files.map((file) => [file.name, file.mimeType]),
			[
				['INV-0042.pdf', 'application/pdf'],
				['INV-0043.pdf', 'application/pdf'],
			],
		);
		for (const file of files) {
			const text = file.bytes.toString('latin1');
			assert.match(text, /^%PDF-1\.4\n/);
			assert.match(text, /%%EOF\n$/);
		}
		assert.match(files[0].bytes.toString('latin1'), /\(Customer: Bruna Castro\)/);

		const sends = e2e.sandbox.requests.filter((request) => request.decodedPath === '/chat/v1/send/template');
		assert.deepEqual(
			sends.map((request) => request.body),
			[
				{
					from: '5511940000001',
					to: '+55 21 97654-0101',
					templateId: demo.templateId('fatura'),
					parameters: { nome: 'Bruna Castro', valor: 'R$ 149,90' },
					fileIdOrUrl: files[0].id,
					senderId: 'INV-0042',
				},
				{
					from: '5511940000001',
					to: '+55 31 97654-0102',
					templateId: demo.templateId('fatura'),
					parameters: { nome: 'Otavio Reis', valor: 'R$ 89,00' },
					fileIdOrUrl: files[1].id,
					senderId: 'INV-0043',
				},
			],
		);
		const sent = outputOf(result.runData, 'Send invoice template');
		assert.deepEqual(
			sent.map((item) => e2e.sandbox.chat.session(item.sessionId)?.contactDetails?.name),
			['Bruna Castro', 'Otavio Reis'],
		);
		assert.deepEqual(
			sent.map((item) => [item.status, item.senderId]),
			[
				['QUEUED', 'INV-0042'],
				['QUEUED', 'INV-0043'],
			],
		);
	});
});
