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

const contactsCode = (n, offset = 0) =>
	`return Array.from({ length: ${n} }, (_, i) => ({ json: { name: 'Bench contact ' + (i + ${offset}), phoneNumber: '+55|2197' + String(i + ${offset}).padStart(7, '0'), email: 'bench' + (i + ${offset}) + '@example.org' } }));`;

export const scenarios = {
	upsertHelena: (n) =>
		chain('benchUpsertHelen', [start, codeNode(contactsCode(n)), helena({ resource: 'contact', operation: 'upsertMany' })]),
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
	returnAllHelena: () => chain('benchListHelena0', [start, helena({ resource: 'contact', operation: 'getAll', returnAll: true })]),
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
	getByIdHelena: (ids, { paced = true } = {}) =>
		chain(paced ? 'benchGetHelena00' : 'benchGetHelenaNP', [
			start,
			codeNode(`return ${JSON.stringify(ids)}.map((id) => ({ json: { id } }));`),
			helena({ resource: 'contact', operation: 'get', contact: { __rl: true, mode: 'id', value: '={{ $json.id }}' } }, { paced }),
		]),
	getByIdHttp: (base, ids) =>
		chain('benchGetHttp0000', [
			start,
			codeNode(`return ${JSON.stringify(ids)}.map((id) => ({ json: { id } }));`),
			// The same data Helena's default (simplified) Get asks for: the contact with its tags.
			http({ method: 'GET', url: `=${base}/core/v1/contact/{{ $json.id }}?IncludeDetails=Tags` }),
		]),
};
