// examples/mcp-server-helena-tools.json in a running n8n: n8n's MCP Server Trigger offers five Helena tools to any
// MCP client. The official MCP client SDK (@modelcontextprotocol/sdk) plays Claude Desktop or Cursor: it connects
// with the example's bearer token, lists the tools and calls each one; the test checks what the client sees (names,
// manual descriptions, the `$fromAI()` arguments, no secret), the requests the sandbox received, a bad input refused
// before anything is sent, Helena's own error passed on readably, and ten calls at once. Claude Desktop's way in, the
// stdio bridge `mcp-remote` started as the README's configuration starts it, lists and calls the same tools. An n8n
// without the trigger type would be skipped with the reason; 1.123.81 and 2.41.1 both have it.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { demoWorkflows } from '../../../scripts/lib/demoWorkflows.mjs';
import { nodeNamed } from '../../../scripts/lib/examples.mjs';
import { packageRoot } from '../../../scripts/lib/n8n.mjs';
import { CREDENTIAL_ID, MCP_TOKEN_CREDENTIAL } from '../../../scripts/lib/workflows.mjs';
import { API_KEY, e2e } from '../context.mjs';

const require = createRequire(import.meta.url);

const TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';
const TOKEN = MCP_TOKEN_CREDENTIAL.data.token;
/** A contact of this suite's own, who has just written (whatever earlier suites did to the demo contacts). */
const PHONE = '+55|11955550909';
const DIGITS = PHONE.replace(/\D/g, '');

/** The tools as the client lists them: name → the `$fromAI()` arguments, each `type: description`, all required. */
const ARGUMENTS = {
	Find_contact_by_phone: { phone: 'string: Phone number with the country code, digits only, e.g. 5511999999999' },
	List_conversations_of_a_contact: { contactId: 'string: ID of the contact, as Find contact by phone returns it' },
	Get_conversation_history: {
		sessionId: 'string: ID of the conversation, as List conversations of a contact returns it',
		count: 'number: How many of the latest messages to read, e.g. 20',
	},
	Add_tags_to_a_contact: {
		contactId: 'string: ID of the contact, as Find contact by phone returns it',
		tags: 'string: Tag names to add, separated by commas',
	},
	Send_a_text_in_a_conversation: {
		sessionId: 'string: ID of the conversation to write in, as List conversations of a contact returns it',
		message: 'string: The text to send to the contact, in their language',
	},
};

const hasTrigger = async () => {
	const response = await fetch(`${e2e.n8n.url}/types/nodes.json`, { headers: { cookie: e2e.n8n.cookie } });
	return (await response.json()).some((type) => type.name === TRIGGER_TYPE);
};

/**
 * The `helena` server of a client configuration in the README's section Helena from any MCP client: Cursor's (a
 * `url`) or Claude Desktop's (a `command`), with `<token>` in its values replaced by the example's token.
 */
function readmeServer(kind) {
	const readme = readFileSync(path.join(packageRoot, 'README.md'), 'utf8');
	const section = readme.slice(readme.indexOf('## Helena from any MCP client'));
	const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(([, json]) => json.replaceAll('<token>', TOKEN));
	const server = blocks.map((json) => JSON.parse(json).mcpServers?.helena).find((each) => each?.[kind]);
	assert.ok(server, `the README's section Helena from any MCP client has no configuration with a ${kind}`);
	return server;
}

/** What a tool call answered: its text, parsed when it is JSON. */
const answerOf = (result) => {
	const text = result.content.map((part) => part.text).join('');
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
};

describe(`Helena tools behind n8n's MCP Server Trigger in n8n ${e2e.version}`, () => {
	// as `npm start` imports it: the sandbox credential and the demo token in place of the example's credentials
	const workflow = structuredClone(demoWorkflows.find((each) => each.id === 'helenaExampleM01'));
	const trigger = nodeNamed(workflow, 'MCP Server Trigger');
	const mcpRemote = require.resolve('mcp-remote/dist/proxy.js');
	const cursor = readmeServer('url');
	const claudeDesktop = readmeServer('command');
	let available = false;
	let url;
	let client;
	/** The conversation the contact opened by writing: its id and contactId. */
	let opened;

	/** A client of the SDK connected as the README's Cursor configuration says: this n8n's URL with its header. */
	async function connect() {
		const each = new Client({ name: 'helena-e2e', version: '1.0.0' });
		await each.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: cursor.headers } }));
		return each;
	}

	/** Calls one tool; its answer and the requests the sandbox received meanwhile (method, path, query, body). */
	async function call(name, args) {
		e2e.sandbox.clearRequests();
		const result = await client.callTool({ name, arguments: args });
		const sent = e2e.sandbox.requests.map(({ method, path, query, body }) => ({ method, path, query, body }));
		return { result, answer: answerOf(result), sent };
	}

	before(async () => {
		await e2e.server();
		available = await hasTrigger();
		if (!available) return;
		url = `${e2e.n8n.url}/mcp/${trigger.parameters.path}`;
		opened = e2e.sandbox.chat.contactWrites(PHONE, 'Oi! Meu pedido 4471 já foi aprovado?');
		await e2e.n8n.importWorkflow(workflow);
		await e2e.n8n.api('POST', `/workflows/${workflow.id}/activate`);
		// n8n 2.x registers the production webhook after the activate call has answered
		client = await e2e.eventually(() => connect().catch(() => undefined), Boolean);
		assert.ok(client, `no MCP client could connect to ${url}`);
	});

	after(async () => {
		await client?.close();
		await e2e.n8n.api('POST', `/workflows/${workflow.id}/deactivate`).catch(() => {});
	});

	const skip = (t) => {
		if (available) return false;
		t.skip(`n8n ${e2e.version} has no ${TRIGGER_TYPE} node type`);
		return true;
	};

	test("the README's client configurations name the example's URL form, /mcp/<its path>", () => {
		const form = new RegExp(`^https://[^/]+/mcp/${trigger.parameters.path}$`);
		assert.match(cursor.url, form);
		assert.match(claudeDesktop.args[2], form);
	});

	test('the MCP URL answers only a client with the bearer token of the trigger', async (t) => {
		if (skip(t)) return;
		const initialize = (headers) =>
			fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
				body: JSON.stringify({
					jsonrpc: '2.0',
					id: 1,
					method: 'initialize',
					params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'stranger', version: '1' } },
				}),
			});
		assert.equal((await initialize({})).status, 403);
		assert.equal((await initialize({ authorization: 'Bearer another-token' })).status, 403);
		assert.equal((await initialize({ authorization: TOKEN })).status, 403);
		assert.equal(client.getServerVersion()?.name, trigger.typeVersion >= 2 ? 'MCP_Server_Trigger' : 'n8n-mcp-server');
	});

	test('the client lists the five tools, each with its own description and its $fromAI() arguments, and no secret', async (t) => {
		if (skip(t)) return;
		const { tools } = await client.listTools();
		const described = Object.fromEntries(
			tools.map((tool) => [
				tool.name,
				Object.fromEntries(Object.entries(tool.inputSchema.properties).map(([key, value]) => [key, `${value.type}: ${value.description}`])),
			]),
		);
		assert.deepEqual(described, ARGUMENTS);
		for (const tool of tools) {
			assert.deepEqual(tool.inputSchema.required, Object.keys(ARGUMENTS[tool.name]), tool.name);
			const node = nodeNamed(workflow, tool.name.replaceAll('_', ' '));
			assert.equal(tool.description, node.parameters.toolDescription);
		}
		// the manual descriptions tell the two conversation tools apart, and none is the automatic one
		assert.equal(new Set(tools.map((tool) => tool.description)).size, tools.length);
		assert.ok(tools.every((tool) => !/ in Helena$/.test(tool.description)));
		const listed = JSON.stringify(tools);
		for (const secret of [API_KEY, TOKEN, CREDENTIAL_ID, MCP_TOKEN_CREDENTIAL.id]) assert.ok(!listed.includes(secret), secret);
	});

	test('each tool sends exactly its request to Helena and answers what Helena returned', async (t) => {
		if (skip(t)) return;
		const { id: sessionId, contactId } = opened;
		const found = await call('Find_contact_by_phone', { phone: DIGITS });
		assert.deepEqual(found.sent, [
			{ method: 'GET', path: `/core/v1/contact/phonenumber/${DIGITS}`, query: { IncludeDetails: 'Tags' }, body: undefined },
		]);
		assert.equal(found.result.isError, undefined);
		assert.deepEqual(
			found.answer.map(({ id, phoneNumber }) => ({ id, phoneNumber })),
			[{ id: contactId, phoneNumber: PHONE }],
		);

		const listed = await call('List_conversations_of_a_contact', { contactId });
		const page = { OrderBy: 'createdAt', OrderDirection: 'DESCENDING', PageNumber: '1', PageSize: '100' };
		assert.deepEqual(listed.sent, [
			{
				method: 'GET',
				path: '/chat/v2/session',
				query: { ContactId: contactId, IncludeDetails: ['AgentDetails', 'DepartmentsDetails'], ...page },
				body: undefined,
			},
		]);
		assert.deepEqual(
			listed.answer.map((session) => [session.id, session.contactId]),
			[[sessionId, contactId]],
		);

		const history = await call('Get_conversation_history', { sessionId, count: 2 });
		assert.deepEqual(history.sent, [{ method: 'GET', path: `/chat/v1/session/${sessionId}/message`, query: page, body: undefined }]);
		const newest = e2e.sandbox.chat.history(sessionId).slice(-2).reverse();
		assert.deepEqual(
			history.answer.map(({ id, direction, text }) => ({ id, direction, text })),
			newest.map(({ id, direction, text }) => ({ id, direction: direction === 'FROM_HUB' ? 'received' : 'sent', text })),
		);
		assert.equal(history.answer[0].text, 'Oi! Meu pedido 4471 já foi aprovado?');

		const tagged = await call('Add_tags_to_a_contact', { contactId, tags: 'MCP, VIP' });
		assert.deepEqual(tagged.sent, [
			{
				method: 'POST',
				path: `/core/v1/contact/${contactId}/tags`,
				query: {},
				body: { operation: 'InsertIfNotExists', tagNames: ['MCP', 'VIP'] },
			},
		]);
		assert.deepEqual(tagged.answer[0].tagNames, ['MCP', 'VIP']);

		const text = 'Foi aprovado, sim. Chega amanhã!';
		const sent = await call('Send_a_text_in_a_conversation', { sessionId, message: text });
		assert.deepEqual(sent.sent, [{ method: 'POST', path: `/chat/v1/session/${sessionId}/message`, query: {}, body: { text } }]);
		assert.equal(sent.answer[0].sessionId, sessionId);
		assert.equal(e2e.sandbox.chat.history(sessionId).at(-1).text, text);

		const answers = JSON.stringify([found, listed, history, tagged, sent].map((each) => each.result));
		assert.ok(!answers.includes(API_KEY), 'a tool answer carries the Helena API key');
	});

	test('a bad input is refused with an error naming the field, and nothing reaches Helena', async (t) => {
		if (skip(t)) return;
		// the trigger puts the error's class before its message: `Error:` on n8n 1.x, `NodeOperationError:` on 2.x
		const notUuid = await call('Add_tags_to_a_contact', { contactId: 'Maria Silva', tags: 'VIP' });
		assert.equal(notUuid.result.isError, true);
		// a tool's error names no item: "(item 0)" means nothing to a model
		assert.match(notUuid.answer, /^(Node\w+)?Error: Contact must be a UUID .*, not "Maria Silva"$/);
		assert.deepEqual(notUuid.sent, []);

		const notNumber = await call('Get_conversation_history', { sessionId: opened.id, count: 'twenty' });
		assert.equal(notNumber.result.isError, true);
		assert.match(notNumber.answer, /did not match expected schema[\s\S]*Expected number, received string[\s\S]*count/);
		assert.deepEqual(notNumber.sent, []);

		const missing = await call('Send_a_text_in_a_conversation', { message: 'Olá' });
		assert.equal(missing.result.isError, true);
		assert.match(missing.answer, /did not match expected schema[\s\S]*Required[\s\S]*sessionId/);
		assert.deepEqual(missing.sent, []);
	});

	test("Helena's own error comes back to the client readably, with its reference and without the key", async (t) => {
		if (skip(t)) return;
		const unknown = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
		const failed = await call('Get_conversation_history', { sessionId: unknown, count: 5 });
		assert.equal(failed.result.isError, true);
		assert.match(
			failed.answer,
			new RegExp(`^(Node\\w+)?Error: The conversation \\(session\\) with ID "${unknown}" was not found in Helena`),
		);
		assert.match(failed.answer, /Helena says: ".+" \(error key FORM_ERROR, reference \w+/);
		assert.ok(!failed.answer.includes(API_KEY));
		assert.deepEqual(
			failed.sent.map(({ method, path }) => `${method} ${path}`),
			[`GET /chat/v1/session/${unknown}/message`],
		);
	});

	test('ten calls at once each get their own contact', async (t) => {
		if (skip(t)) return;
		// ten active contacts of the sandbox, each alone with its phone number
		const owners = new Map();
		for (const contact of e2e.sandbox.state.contacts.values()) {
			if (contact.status === 'ACTIVE') owners.set(contact.phoneNumber, owners.has(contact.phoneNumber) ? undefined : contact.id);
		}
		const ten = [...owners].filter(([phone, id]) => phone && id).slice(0, 10);
		assert.equal(ten.length, 10);
		const digits = (phone) => phone.replace(/\D/g, '');
		e2e.sandbox.clearRequests();
		const results = await Promise.all(
			ten.map(([phone]) => client.callTool({ name: 'Find_contact_by_phone', arguments: { phone: digits(phone) } })),
		);
		assert.deepEqual(
			results.map((result) => answerOf(result)[0]?.id),
			ten.map(([, id]) => id),
		);
		assert.deepEqual(
			e2e.sandbox.requests.map((request) => `${request.method} ${request.path}`).sort(),
			ten.map(([phone]) => `GET /core/v1/contact/phonenumber/${digits(phone)}`).sort(),
		);
	});

	test("the README's Claude Desktop configuration (mcp-remote as a stdio bridge, the token from its env) reaches the same tools", async (t) => {
		if (skip(t)) return;
		// the README's arguments and env, with this n8n's URL; the installed mcp-remote in place of `npx -y mcp-remote`
		const { args, env } = claudeDesktop;
		assert.deepEqual(args.slice(0, 2), ['-y', 'mcp-remote']);
		// mcp-remote keeps its state in a folder of its own; here a throw-away one, not ~/.mcp-auth
		const configDir = mkdtempSync(path.join(tmpdir(), 'helena-mcp-remote-'));
		const bridged = new Client({ name: 'helena-e2e-stdio', version: '1.0.0' });
		try {
			await bridged.connect(
				new StdioClientTransport({
					command: process.execPath,
					// the header's value comes from the env: mcp-remote expands ${AUTH_HEADER} itself
					args: [mcpRemote, url, ...args.slice(3)],
					env: {
						PATH: process.env.PATH,
						...env,
						MCP_REMOTE_CONFIG_DIR: configDir,
					},
					stderr: 'pipe',
				}),
			);
			const { tools } = await bridged.listTools();
			assert.deepEqual(tools.map((tool) => tool.name).sort(), Object.keys(ARGUMENTS).sort());
			e2e.sandbox.clearRequests();
			const found = answerOf(await bridged.callTool({ name: 'Find_contact_by_phone', arguments: { phone: DIGITS } }));
			assert.equal(found[0].id, opened.contactId);
			assert.deepEqual(
				e2e.sandbox.requests.map((request) => `${request.method} ${request.path}`),
				[`GET /core/v1/contact/phonenumber/${DIGITS}`],
			);
		} finally {
			await bridged.close();
			rmSync(configDir, { recursive: true, force: true });
		}
	});
});
