// The two ways a user can do each job: the Helena node, and n8n's HTTP Request node configured as a user
// would (header auth with the same key, its own pagination option, one call per item).
const helenaCredentials = { helenaApi: { id: 'helenaBench00001', name: 'Helena bench' } };
const unpacedCredentials = { helenaApi: { id: 'helenaBench00002', name: 'Helena bench, pacing off' } };
const httpCredentials = { httpHeaderAuth: { id: 'httpBench0000001', name: 'Helena header auth' } };

export function benchCredentials(sandbox) {
	return [
		{
			id: 'helenaBench00001',
			name: 'Helena bench',
			type: 'helenaApi',
			data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey, authorizationFormat: 'bearer' },
		},
		{
			id: 'helenaBench00002',
			name: 'Helena bench, pacing off',
			type: 'helenaApi',
			data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey, authorizationFormat: 'bearer', requestPacing: 'off' },
		},
		{
			id: 'httpBench0000001',
			name: 'Helena header auth',
			type: 'httpHeaderAuth',
			data: { name: 'Authorization', value: `Bearer ${sandbox.apiKey}` },
		},
	];
}

const start = { id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };

function codeNode(jsCode) {
	return { id: 'items', name: 'Items', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode } };
}

function chain(id, nodes) {
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return {
		id,
		name: `bench ${id}`,
		active: false,
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'none' },
		nodes,
		connections,
	};
}

function helena(parameters, { paced = true } = {}) {
	const credentials = paced ? helenaCredentials : unpacedCredentials;
	return { id: 'helena', name: 'Helena', type: 'n8n-nodes-helena.helena', typeVersion: 1, position: [400, 0], parameters, credentials };
}

function http(parameters, options = {}) {
	return {
		id: 'http',
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [400, 0],
		parameters: { authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth', ...parameters, options },
		credentials: httpCredentials,
		// What a user adds so that a 429 does not stop the run: n8n's own retry setting.
		retryOnFail: true,
		maxTries: 5,
		waitBetweenTries: 5000,
	};
}

const noOp = (name = 'NoOp') => ({
	id: name.toLowerCase().replace(/\W/g, ''),
	name,
	type: 'n8n-nodes-base.noOp',
	typeVersion: 1,
	position: [300, 0],
	parameters: {},
});

/**
 * Contact number `i` as a spreadsheet or CRM export gives it: accented names, formatted phone numbers, a
 * tag list as comma-separated text, a note and a metadata object. The cost of reading an item depends on
 * its shape. Self-contained: its source is also pasted into the Code node.
 */
export function contactAt(i) {
	const first = ['Ana', 'João', 'Márcia', 'Luís', 'Beatriz', 'Tomás', 'Irene', 'Caio'];
	const last = ['Souza', 'Conceição', 'Araújo', 'Lima', 'Gonçalves', 'Pereira'];
	const digits = String(i).padStart(8, '0');
	return {
		name: first[i % first.length] + ' ' + last[i % last.length] + ' ' + i,
		phoneNumber: '+55 (21) 9' + digits.slice(0, 4) + '-' + digits.slice(4),
		email: 'contact' + i + '@example.org',
		tagNames: i % 3 ? 'lead, newsletter' : 'customer',
		annotation: 'Imported from the spring fair list, row ' + i,
		metadata: { source: 'fair-2026', row: String(i) },
	};
}

/** The contacts made by a Code node (on n8n 1.x its items reach the next nodes as sandbox proxies). */
const contactsCode = (n, offset = 0) => `${contactAt.toString()}
return Array.from({ length: ${n} }, (_, k) => ({ json: contactAt(k + ${offset}) }));`;

/** Where the HTTP Request node of `plainItems` reads the contacts: the bench's own static server. */
let itemsServerUrl = '';
export function useItemsServer(url) {
	itemsServerUrl = url;
}

/**
 * The same contacts as plain objects, as a spreadsheet, database or HTTP node gives them: an HTTP Request
 * node reads them as a JSON list from the bench's static server (not the sandbox) and outputs one item each.
 */
const plainItems = (n) => [
	{
		id: 'items',
		name: 'Items',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [200, 0],
		parameters: { url: `${itemsServerUrl}/contacts?count=${n}`, options: {} },
	},
];

/** The Define Below fields of Create or Update Many, mapped from the same items with expressions. */
const defineBelowParameters = {
	dataMode: 'defineBelow',
	name: '={{ $json.name }}',
	phoneNumber: '={{ $json.phoneNumber }}',
	additionalFields: { email: '={{ $json.email }}', tagNames: '={{ $json.tagNames }}', annotation: '={{ $json.annotation }}' },
};

/**
 * Each Helena workflow passes the items the Helena node handles through a NoOp node in the same execution:
 * the NoOp's time is n8n's own cost for those items, the floor the Helena node is measured against.
 */
const perItemIds = { get: 'benchPerItemGet', update: 'benchPerItemUpd', updateTags: 'benchPerItemTag' };
const perItemParameters = {
	get: {},
	update: { updateFields: { name: '={{ $json.name }}' } },
	updateTags: { tagsOperation: 'InsertIfNotExists', tagNames: 'bench, followed-up' },
};

/** Recipient `i` of a campaign: a distinct mobile number and a first name. */
const campaignCode = (n) =>
	`return Array.from({ length: ${n} }, (_, i) => ({ json: { phone: '+55 11 9' + String(60000000 + i), name: 'Cliente ' + i } }));`;

export const scenarios = {
	/**
	 * `plain`: the items come from an HTTP Request node instead of a Code node. n8n 1.x runs the Code node in
	 * a sandbox (vm2) whose arrays and objects reach the next nodes as proxies, so every read of them, by n8n
	 * or by a node, crosses the sandbox, nested objects included.
	 */
	upsertHelena: (
		n,
		{ defineBelow = false, plain = false, id = defineBelow ? 'benchUpsertDefin' : plain ? 'benchUpsertPlain' : 'benchUpsertHelen' } = {},
	) =>
		chain(id, [
			start,
			...(plain ? plainItems(n) : [codeNode(contactsCode(n))]),
			noOp(),
			helena({ resource: 'contact', operation: 'upsertMany', ...(defineBelow ? defineBelowParameters : {}) }),
		]),
	/** n8n's own cost of evaluating the Define Below expressions: an Edit Fields node with the same ones. */
	upsertSetFloor: (n) =>
		chain('benchUpsertSetFl', [
			start,
			codeNode(contactsCode(n)),
			{
				id: 'set',
				name: 'Edit Fields',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [400, 0],
				parameters: {
					mode: 'manual',
					includeOtherFields: false,
					assignments: {
						assignments: ['name', 'phoneNumber', 'email', 'tagNames', 'annotation'].map((field, i) => ({
							id: `a${i}`,
							name: field,
							type: 'string',
							value: `={{ $json.${field} }}`,
						})),
					},
				},
			},
		]),
	/**
	 * Two jobs on one account in one execution, so one process and one request budget: the batch, then Return
	 * All over what it stored. Together they need more requests than the account's 1,000 per 5 minutes.
	 */
	sustained: (n) =>
		chain('benchSustained00', [
			start,
			...plainItems(n),
			helena({ resource: 'contact', operation: 'upsertMany' }),
			{
				...helena({ resource: 'contact', operation: 'getAll', returnAll: true }),
				id: 'helenaList',
				name: 'Helena Return All',
				position: [600, 0],
				executeOnce: true,
			},
		]),
	/** The memory floor of a batch: the same (plain) input items through a NoOp node only. */
	contactsNoOp: (n) => chain('benchContactNoOp', [start, ...plainItems(n), noOp()]),
	upsertHttp: (base, n) =>
		chain('benchUpsertHttp0', [
			start,
			codeNode(contactsCode(n, 500_000)),
			http(
				{
					method: 'POST',
					url: `${base}/core/v1/contact`,
					sendBody: true,
					specifyBody: 'json',
					jsonBody:
						'={{ JSON.stringify({ name: $json.name, phoneNumber: $json.phoneNumber, email: $json.email, options: { upsert: true } }) }}',
				},
				// Without batching the node sends every item at once and Helena answers 429 past 200 in 5 s.
				{ batching: { batch: { batchSize: 35, batchInterval: 1000 } } },
			),
		]),
	returnAllHelena: () => chain('benchListHelena0', [start, helena({ resource: 'contact', operation: 'getAll', returnAll: true }), noOp()]),
	returnAllHttp: (base) =>
		chain('benchListHttp000', [
			start,
			http(
				{
					method: 'GET',
					url: `${base}/core/v1/contact`,
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'PageSize', value: '100' }] },
				},
				{
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: { parameters: [{ type: 'qs', name: 'PageNumber', value: '={{ $pageCount + 1 }}' }] },
							paginationCompleteWhen: 'other',
							completeExpression: '={{ $response.body.hasMorePages === false }}',
						},
					},
				},
			),
			{
				id: 'split',
				name: 'Split Out',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [600, 0],
				parameters: { fieldToSplitOut: 'items' },
			},
		]),
	/** One request per item: Get, Update (the name) or Add Tags, with pacing off to see the per-item cost. */
	perItemHelena: (operation, ids, { paced = true } = {}) =>
		chain(`${perItemIds[operation]}${paced ? 'P' : '0'}`, [
			start,
			codeNode(`return ${JSON.stringify(ids)}.map((id, i) => ({ json: { id, name: 'Renamed contact ' + i } }));`),
			noOp(),
			helena(
				{ resource: 'contact', operation, contact: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, ...perItemParameters[operation] },
				{ paced },
			),
		]),
	/** A template campaign: `n` recipients, each with its own name, from a Code node. */
	campaignHelena: (operation, n, { channelNumber, templateId }) =>
		chain(operation === 'sendTemplateToMany' ? 'benchCampaignBat' : 'benchCampaignOne', [
			start,
			codeNode(campaignCode(n)),
			noOp(),
			helena({
				resource: 'message',
				operation,
				channel: { __rl: true, mode: 'number', value: channelNumber },
				phoneNumber: '={{ $json.phone }}',
				template: { __rl: true, mode: 'id', value: templateId },
				templateParameters: { parameter: [{ name: 'nome', value: '={{ $json.name }}' }] },
			}),
		]),
	/** The same campaign through HTTP Request, one call per recipient, 35 per second as the upsert leg. */
	campaignHttp: (base, n, { channelNumber, templateId }) =>
		chain('benchCampaignHtp', [
			start,
			codeNode(campaignCode(n)),
			http(
				{
					method: 'POST',
					url: `${base}/chat/v1/send/template`,
					sendBody: true,
					specifyBody: 'json',
					jsonBody: `={{ JSON.stringify({ from: '${channelNumber}', to: $json.phone, templateId: '${templateId}', parameters: { nome: $json.name } }) }}`,
				},
				{ batching: { batch: { batchSize: 35, batchInterval: 1000 } } },
			),
		]),
	/** Process `index` of the sharing section: one Update (the name) per item over its own contacts, paced. */
	sharingUpdate: (index, ids) =>
		chain(`benchSharing${String(index).padStart(4, '0')}`, [
			start,
			codeNode(`return ${JSON.stringify(ids)}.map((id, i) => ({ json: { id, name: 'Shared load ' + i } }));`),
			helena({
				resource: 'contact',
				operation: 'update',
				contact: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				...perItemParameters.update,
			}),
		]),
	getByIdHttp: (base, ids) =>
		chain('benchGetHttp0000', [
			start,
			codeNode(`return ${JSON.stringify(ids)}.map((id) => ({ json: { id } }));`),
			// The same data Helena's default (simplified) Get asks for: the contact with its tags.
			http({ method: 'GET', url: `=${base}/core/v1/contact/{{ $json.id }}?IncludeDetails=Tags` }),
		]),
};

/**
 * One answer per burst, the two ways, doing the same job: Helena Trigger (MESSAGE_RECEIVED) → Conversation → Collect
 * Burst (stepping aside while an agent is assigned) → the answer; and the way people build it by hand in plain n8n:
 * Helena Trigger → Wait (the quiet time) → Get Messages (the newest 50) → a Code node that goes on only when this
 * execution's message is still the newest the contact wrote, joining the messages since our last answer → Get
 * Conversation (once per burst) → a Code node that stops while an agent is assigned → the answer. Each answer is one
 * Send Message in the conversation.
 */
function burstWorkflow(id, webhookId, middle) {
	const trigger = {
		id: 'trigger',
		name: 'Helena Trigger',
		type: 'n8n-nodes-helena.helenaTrigger',
		typeVersion: 1,
		position: [0, 0],
		webhookId,
		parameters: { events: ['MESSAGE_RECEIVED'] },
		credentials: helenaCredentials,
	};
	const answer = {
		...helena({
			resource: 'session',
			operation: 'sendMessage',
			sessionId: '={{ $json.sessionId }}',
			content: 'text',
			text: "={{ 'Recebi ' + $json.count + ' mensagem(ns): ' + $json.text }}",
			options: {},
		}),
		id: 'answer',
		name: 'Answer',
		position: [200 * (middle.length + 1), 0],
	};
	const workflow = chain(id, [trigger, ...middle.map((node, i) => ({ ...node, position: [200 * (i + 1), 0] })), answer]);
	workflow.settings.saveDataSuccessExecution = 'all';
	return workflow;
}

const BURST_CODE = `const mine = $('Helena Trigger').first().json.content;
const newestFirst = $input.all().map((item) => item.json);
const newest = newestFirst.find((message) => message.direction === 'received');
if (!newest || newest.id !== mine.id) return [];
const burst = [];
for (const message of newestFirst) {
	if (message.direction !== 'received') break;
	burst.unshift(message);
}
return [{ json: { sessionId: mine.sessionId, text: burst.map((message) => message.text).join('\\n'), count: burst.length } }];`;

const UNASSIGNED_CODE = `if ($json.userId) return [];
return [$('Newest of its burst?').first()];`;

export const burstScenarios = {
	collect: (quietSeconds) =>
		burstWorkflow('benchBurstCollec', '7d1c0b5e-3a2f-4c6d-8e9f-0a1b2c3d4e51', [
			{
				...helena({ resource: 'session', operation: 'collectBurst', quietTime: quietSeconds, options: { stepAsideWhenAssigned: true } }),
				id: 'collect',
				name: 'Collect Burst',
			},
		]),
	handBuilt: (quietSeconds) =>
		burstWorkflow('benchBurstByHand', '7d1c0b5e-3a2f-4c6d-8e9f-0a1b2c3d4e52', [
			{
				id: 'wait',
				name: 'Wait',
				type: 'n8n-nodes-base.wait',
				typeVersion: 1.1,
				webhookId: '7d1c0b5e-3a2f-4c6d-8e9f-0a1b2c3d4e53',
				parameters: { resume: 'timeInterval', amount: quietSeconds, unit: 'seconds' },
			},
			{
				...helena({
					resource: 'session',
					operation: 'getMessages',
					sessionId: "={{ $('Helena Trigger').first().json.content.sessionId }}",
					returnAll: false,
					limit: 50,
					simple: true,
					filters: {},
					options: { orderDirection: 'DESCENDING' },
				}),
				id: 'read',
				name: 'Get Messages',
			},
			{ ...codeNode(BURST_CODE), id: 'newest', name: 'Newest of its burst?' },
			{
				...helena({ resource: 'session', operation: 'get', sessionId: '={{ $json.sessionId }}', includeDetails: [] }),
				id: 'conversation',
				name: 'Get Conversation',
			},
			{ ...codeNode(UNASSIGNED_CODE), id: 'unassigned', name: 'Nobody Assigned?' },
		]),
};
