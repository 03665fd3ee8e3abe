// Message → Send Template to Many and Start Chatbot for Many over 150 items from a Code node, then every
// Scheduled Message operation, in one workflow run by `n8n execute` against the sandbox: the requests Helena
// received and the items n8n put out, the refusals included.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';
import { helenaChainWorkflow } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const rl = (value, mode = 'id') => ({ __rl: true, mode, value });
const RECIPIENTS = 150;
const phoneOf = (i) => `+55 31 9${String(70000000 + i)}`;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** The chain, with a Code node giving the recipients before the two batch sends (which run over every item). */
function campaignWorkflow(id, steps, batchSteps) {
	const workflow = helenaChainWorkflow(id, steps);
	const first = steps[0].name;
	workflow.nodes.push({
		id: `${id}-recipients`,
		name: 'Recipients',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [100, 200],
		parameters: {
			jsCode: `return Array.from({ length: ${RECIPIENTS} }, (_, i) => ({ json: { phone: '+55 31 9' + String(70000000 + i), name: 'Cliente ' + i } }));`,
		},
	});
	workflow.connections.Start = { main: [[{ node: 'Recipients', type: 'main', index: 0 }]] };
	workflow.connections.Recipients = { main: [[{ node: first, type: 'main', index: 0 }]] };
	for (const node of workflow.nodes) if (batchSteps.includes(node.name)) node.executeOnce = false;
	return workflow;
}

describe(`Batch sends and scheduled messages in n8n ${e2e.version}`, () => {
	test('a 150-recipient campaign and chatbot batch, paired per item; create, list, get, update, cancel (twice) and cancel many; a past schedule refused', async () => {
		const sandbox = e2e.sandbox;
		sandbox.clearRequests();
		const template = demo.templateId('boas_vindas');
		const workflow = campaignWorkflow(
			'e2eSendsBatch001',
			[
				{
					name: 'Campaign',
					parameters: {
						resource: 'message',
						operation: 'sendTemplateToMany',
						channel: rl('5511940000001', 'number'),
						phoneNumber: '={{ $json.phone }}',
						template: rl(template),
						templateParameters: { parameter: [{ name: 'nome', value: '={{ $json.name }}' }] },
					},
				},
				{
					name: 'Chatbots',
					parameters: {
						resource: 'message',
						operation: 'startChatbotForMany',
						chatbot: rl(demo.chatbotKey('Pesquisa de satisfação')),
						sendTo: 'phone',
						phoneNumber: "={{ $('Recipients').item.json.phone }}",
						chatbotOptions: { senderId: "={{ $('Recipients').item.json.name }}" },
					},
				},
				{
					name: 'Schedule',
					parameters: {
						resource: 'scheduledMessage',
						operation: 'create',
						type: 'TEMPLATE',
						phoneNumber: demo.contactPhone(2),
						channel: rl('5511940000001', 'number'),
						template: rl(template),
						templateParameters: { parameter: [{ name: 'nome', value: 'João' }] },
						scheduledAt: `${NEXT_YEAR}-03-10T09:00:00`,
						timezone: 'America/Sao_Paulo',
					},
				},
				{
					name: 'Schedule bot',
					parameters: {
						resource: 'scheduledMessage',
						operation: 'create',
						type: 'CHATBOT',
						phoneNumber: demo.contactPhone(3),
						chatbot: rl(demo.chatbotKey('Triagem')),
						scheduledAt: `${NEXT_YEAR}-03-11T15:30:00Z`,
					},
				},
				{
					name: 'Past',
					parameters: {
						resource: 'scheduledMessage',
						operation: 'create',
						type: 'CHATBOT',
						phoneNumber: demo.contactPhone(3),
						chatbot: rl(demo.chatbotKey('Triagem')),
						scheduledAt: '2020-01-01T10:00:00',
						timezone: 'UTC',
					},
				},
				{
					name: 'Scheduled',
					parameters: {
						resource: 'scheduledMessage',
						operation: 'getAll',
						returnAll: true,
						filters: { status: 'SCHEDULED' },
						options: { includeDetails: ['Contact'] },
					},
				},
				{
					name: 'Get',
					parameters: { resource: 'scheduledMessage', operation: 'get', scheduledMessageId: "={{ $('Schedule').first().json.id }}" },
				},
				{
					name: 'Reschedule',
					parameters: {
						resource: 'scheduledMessage',
						operation: 'update',
						scheduledMessageId: "={{ $('Schedule').first().json.id }}",
						updateFields: { scheduledAt: `${NEXT_YEAR}-03-12T09:00:00`, timezone: 'America/Sao_Paulo' },
					},
				},
				{
					name: 'Cancel',
					parameters: { resource: 'scheduledMessage', operation: 'cancel', scheduledMessageId: "={{ $('Schedule').first().json.id }}" },
				},
				{
					name: 'Cancel again',
					parameters: { resource: 'scheduledMessage', operation: 'cancel', scheduledMessageId: "={{ $('Schedule').first().json.id }}" },
				},
				{
					name: 'Cancel many',
					parameters: {
						resource: 'scheduledMessage',
						operation: 'cancelMany',
						scheduledMessageIds: "={{ [$('Schedule').first().json.id, $('Schedule bot').first().json.id] }}",
					},
				},
			],
			['Campaign', 'Chatbots'],
		);

		const result = await e2e.executeWorkflow(workflow);

		assert.equal(result.ok, true, result.raw.stdout.slice(-3000) + result.raw.stderr.slice(-3000));
		const out = (name) => outputOf(result.runData, name);
		const campaign = out('Campaign');
		assert.equal(campaign.length, RECIPIENTS);
		assert.ok(campaign.every((receipt) => receipt.status === 'QUEUED' && receipt.id));
		assert.equal(new Set(campaign.map((receipt) => receipt.id)).size, RECIPIENTS);
		const pairs = result.runData.Campaign[0].data.main[0].map((item) => item.pairedItem.item);
		assert.deepEqual(
			pairs,
			Array.from({ length: RECIPIENTS }, (_, i) => i),
		);
		// each chatbot result names the recipient its input item came from (its reference)
		assert.deepEqual(
			out('Chatbots').map((receipt) => receipt.senderId),
			Array.from({ length: RECIPIENTS }, (_, i) => `Cliente ${i}`),
		);

		const [scheduled] = out('Schedule');
		assert.equal(scheduled.status, 'SCHEDULED');
		assert.equal(scheduled.scheduling, `${NEXT_YEAR}-03-10T12:00:00.000Z`);
		assert.equal(out('Schedule bot')[0].type, 'CHATBOT');
		assert.match(out('Past')[0].error, /^Scheduled At is in the past: 2020-01-01T10:00:00 \(UTC\)/);
		assert.ok(out('Scheduled').some((message) => message.id === scheduled.id && message.contact));
		assert.equal(out('Get')[0].id, scheduled.id);
		assert.equal(out('Reschedule')[0].scheduling, `${NEXT_YEAR}-03-12T12:00:00.000Z`);
		assert.deepEqual(out('Cancel'), [{ id: scheduled.id, cancelled: true }]);
		assert.deepEqual(out('Cancel again'), [{ id: scheduled.id, cancelled: true }]);
		assert.deepEqual(
			out('Cancel many').map((message) => message.status),
			['CANCELED', 'CANCELED'],
		);

		const writes = sandbox.requests.filter((request) => request.method !== 'GET');
		assert.deepEqual(
			writes.map((request) => `${request.status} ${request.method} ${request.decodedPath.replace(scheduled.id, '<id>')}`),
			[
				'200 POST /chat/v1/send/template/batch',
				'200 POST /chat/v1/send/template/batch',
				'200 POST /chat/v1/send/chatbot/batch',
				'200 POST /chat/v1/send/chatbot/batch',
				'200 POST /chat/v1/scheduled-message',
				'200 POST /chat/v1/scheduled-message',
				'200 PUT /chat/v1/scheduled-message/<id>',
				'200 POST /chat/v1/scheduled-message/<id>/cancel',
				'400 POST /chat/v1/scheduled-message/<id>/cancel',
				'200 POST /chat/v1/scheduled-message/batch-cancel',
			],
		);
		assert.deepEqual(
			writes.slice(0, 2).map((request) => request.body.messages.length),
			[100, 50],
		);
		assert.deepEqual(writes[0].body.messages[0], { to: phoneOf(0), parameters: { nome: 'Cliente 0' } });
		assert.deepEqual(writes[6].body.fields, ['Scheduling']);
		assert.equal(sandbox.contractStats().violations, 0);
	});
});
