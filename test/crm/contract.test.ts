import type { INodeParameters } from 'n8n-workflow';

import { runListSearch, runLoadOptions } from '../engine/runMethod';
import { TEST_API_KEY } from '../engine/sandbox';
import { demo } from '../sandbox';
import { allRequests, byId, lostReason, MARIA_CARD, SALES, step, supportStep, useCrmSandbox } from './crmFixture';

import { CRM_ENDPOINTS } from '../sandbox/contract';
import { endpointOf } from '../sandbox/contractCheck';
import type { Problem } from '../sandbox/contractCheck';

/** The sandbox's error body, as far as these tests read it; undefined when the body is not JSON. */
type Refusal = { text?: string; details?: { violations?: Problem[] } } | undefined;

const SINCE = '2025-01-01T00:00:00.000Z';
const UNTIL = '2030-01-01T00:00:00.000Z';
const dates = { createdAfter: SINCE, createdBefore: UNTIL, updatedAfter: SINCE, updatedBefore: UNTIL };
const card = { resource: 'card' };
const panel = { resource: 'panel' };

/** Every CRM operation with every option set; `id` is the card the create made. */
function operations(id: () => string, noteId: () => string): Array<[string, () => INodeParameters]> {
	return [
		['panel get many', () => ({ ...panel, operation: 'getAll', returnAll: true, filters: { ...dates, title: 'Funil', type: 'SALES' } })],
		['panel get', () => ({ ...panel, operation: 'get', panel: byId(SALES), includeDetails: ['Steps', 'Tags', 'StepsFields'] })],
		['panel custom fields', () => ({ ...panel, operation: 'getCustomFields', panel: byId(SALES), nested: true })],
		['panel lost reasons', () => ({ ...panel, operation: 'getLostReasons', panel: byId(SALES), returnAll: true })],
		[
			'card create',
			() => ({
				...card,
				operation: 'create',
				panel: byId(SALES),
				step: byId(step('Leads')),
				title: 'Every option',
				additionalFields: {
					contactIds: demo.contactId(1),
					customFieldsUi: { field: [{ name: 'usuarios', value: 3 }] },
					description: 'd',
					dueDate: UNTIL,
					metadataUi: { entry: [{ key: 'k', value: 'v' }] },
					monetaryAmount: 10,
					position: 1,
					responsibleUser: byId(demo.userId('Ana Souza')),
					tagNames: 'Every',
				},
			}),
		],
		[
			'card get many',
			() => ({
				...card,
				operation: 'getAll',
				panel: byId(SALES),
				returnAll: true,
				simple: false,
				filters: {
					...dates,
					contactId: demo.contactId(1),
					responsibleUser: byId(demo.userId('Ana Souza')),
					statuses: ['OPEN'],
					step: byId(step('Leads')),
					text: 'Every',
				},
			}),
		],
		['card get', () => ({ ...card, operation: 'get', cardId: id() })],
		[
			'card update',
			() => ({
				...card,
				operation: 'update',
				cardId: id(),
				updateFields: {
					contactIds: demo.contactId(2),
					customFieldsUi: { field: [{ name: 'Origem do lead', value: 'x' }] },
					description: 'e',
					dueDate: SINCE,
					lostReason: byId(lostReason('Preço alto')),
					metadataUi: { entry: [{ key: 'k2', value: 'v2' }] },
					monetaryAmount: 11,
					position: 0,
					responsibleUser: byId(demo.userId('Bruno Lima')),
					status: 'LOST',
					step: byId(step('Proposta')),
					tagNames: 'Every, Two',
					title: 'Every option 2',
				},
				options: { tagOperation: 'InsertIfNotExists' },
			}),
		],
		[
			'card duplicate',
			() => ({
				...card,
				operation: 'duplicate',
				cardId: id(),
				copyToStep: byId(supportStep('Aberto')),
				options: { archiveOriginalCard: true, fields: ['Contacts', 'Notes'] },
			}),
		],
		['card add note', () => ({ ...card, operation: 'addNote', cardId: id(), text: 'n', fileUrls: 'https://example.com/a.pdf' })],
		['card get notes', () => ({ ...card, operation: 'getNotes', cardId: id(), returnAll: true })],
		['card delete note', () => ({ ...card, operation: 'deleteNote', cardId: id(), noteId: noteId() })],
	];
}

describe('Contract: every CRM operation with every option set', () => {
	const helena = useCrmSandbox();

	test('each request is within the CRM contract and every CRM endpoint is called', async () => {
		const made = { card: '', note: '' };
		for (const [title, parameters] of operations(
			() => made.card,
			() => made.note,
		)) {
			const { items, error } = await helena.run(parameters());
			expect({ title, error: error?.message }).toEqual({ title, error: undefined });
			if (title === 'card create') made.card = items[0].json.id as string;
			if (title === 'card add note') made.note = items[0].json.id as string;
		}
		await runListSearch('searchSteps', { credentials: helena.credentials } as never);
		await runListSearch('searchLostReasons', { credentials: helena.credentials } as never);
		await runLoadOptions('getPanelCustomFields', { credentials: helena.credentials });

		expect(helena.sandbox.requests.filter((request) => request.violations)).toEqual([]);
		expect(helena.sandbox.contract.violations).toEqual([]);
		const called = new Set(
			allRequests(helena).map((request) => {
				const service = request.path.startsWith('/crm') ? 'crm' : 'core';
				const endpoint = endpointOf(request.method, request.path.replace(/^\/(crm|core)/, ''), service);
				return `${endpoint.method} ${endpoint.path}`;
			}),
		);
		expect([...called].sort()).toEqual(CRM_ENDPOINTS.map((e: { method: string; path: string }) => `${e.method} ${e.path}`).sort());
		expect(helena.sandbox.crm.card(made.card)).toMatchObject({ status: 'ARCHIVED' });
	});
});

describe('Contract: what the CRM sandbox refuses', () => {
	const helena = useCrmSandbox();

	async function call(method: string, path: string, body?: unknown) {
		const response = await fetch(`${helena.sandbox.url}${path}`, {
			method,
			headers: { authorization: `Bearer ${TEST_API_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: response.status, json: (await response.json().catch(() => undefined)) as Refusal };
	}

	test('misspelt keys, enum spellings, versions and bounds are 400s naming the key; nothing changes', async () => {
		const refusals: Array<[string, string, unknown, string]> = [
			['GET', `/crm/v2/panel/card?PanelId=${SALES}&stepId=${step('Leads')}`, undefined, 'query.stepId'],
			['GET', `/crm/v2/panel/card?PanelId=${SALES}&Statuses=open`, undefined, 'query.Statuses[0]'],
			['GET', '/crm/v2/panel?Type=Sales', undefined, 'query.Type'],
			['POST', '/crm/v2/panel/card', { stepId: step('Leads'), title: 'x'.repeat(501) }, 'body.title'],
			['POST', '/crm/v2/panel/card', { stepId: step('Leads'), title: 'A', value: 10 }, 'body.value'],
			['POST', '/crm/v2/panel/card', { title: 'A' }, 'body.stepId'],
			['PUT', `/crm/v3/panel/card/${MARIA_CARD}`, { fields: ['Status'], status: 'Won' }, 'body.status'],
			[
				'PUT',
				`/crm/v3/panel/card/${MARIA_CARD}`,
				{ fields: ['TagIds'], tagNames: ['A'], options: { upsertTagOperation: 'REPLACEALL' } },
				'body.options.upsertTagOperation',
			],
			['POST', `/crm/v1/panel/card/${MARIA_CARD}/note`, { text: 'a', fileUrls: ['1', '2', '3', '4'] }, 'body.fileUrls'],
			['POST', `/crm/v2/panel/card/${MARIA_CARD}/duplicate`, { options: { fields: ['Title'] } }, 'body.options.fields[0]'],
		];
		for (const [method, path, body, key] of refusals) {
			const answer = await call(method, path, body);
			expect({ path, status: answer.status, keys: answer.json?.details?.violations?.map((v: { key: string }) => v.key) }).toEqual({
				path,
				status: 400,
				keys: [key],
			});
		}
		expect(helena.sandbox.takeViolations()).toHaveLength(refusals.length);
		expect(helena.sandbox.crm.card(MARIA_CARD)).toMatchObject({ status: 'OPEN', tagIds: [] });
	});

	test('the update applies only the fields it names: a key sent without its field is refused, not dropped', async () => {
		const answer = await call('PUT', `/crm/v3/panel/card/${MARIA_CARD}`, { fields: ['Title'], title: 'A', monetaryAmount: 5 });
		expect(answer.status).toBe(400);
		expect(answer.json?.text).toContain("'monetaryAmount'");
		const unversioned = await call('PUT', `/crm/v2/panel/card/${MARIA_CARD}`, { fields: ['Title'], title: 'A' });
		expect(unversioned.status).toBe(404);
		expect(helena.sandbox.crm.card(MARIA_CARD)).toMatchObject({ title: 'Maria Silva - Plano Pro', monetaryAmount: 1490 });
	});
});
