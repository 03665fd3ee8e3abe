import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { demo } from '../sandbox';
import type { SandboxFixture } from '../engine/sandbox';
import { TEST_API_KEY } from '../engine/sandbox';

/*
 * People working in Helena while a polling trigger watches: customers write (conversations open),
 * agents transfer and complete conversations, sellers create, move, win and lose cards. Every change
 * goes through Helena's API (or, for a customer's message, the sandbox's channel), so Helena stamps it.
 */

async function call(fixture: SandboxFixture, method: string, path: string, body?: IDataObject): Promise<IDataObject> {
	const response = await fetch(`${fixture.sandbox.url}${path}`, {
		method,
		headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
		body: body ? JSON.stringify(body) : undefined,
	});
	const json = (await response.json()) as IDataObject;
	if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
	return json;
}

/** A phone of the n-th customer who writes in a story (none of them is a demo contact). */
export const customerPhone = (n: number) => `55119${String(70_000_000 + n).padStart(8, '0')}`;

export function chatUsers(fixture: SandboxFixture) {
	return {
		/** A customer writes on WhatsApp Comercial: a new conversation, or a message in the open one. */
		writes: (phone: string, text = 'Olá!') => fixture.sandbox.chat.contactWrites(phone, text) as IDataObject,
		transfer: async (id: unknown, userName: string) =>
			await call(fixture, 'PUT', `/chat/v1/session/${String(id)}/transfer`, { type: 'USER', newUserId: demo.userId(userName) }),
		toDepartment: async (id: unknown, departmentName: string) =>
			await call(fixture, 'PUT', `/chat/v1/session/${String(id)}/transfer`, {
				type: 'DEPARTMENT',
				newDepartmentId: demo.departmentId(departmentName),
			}),
		complete: async (id: unknown) => await call(fixture, 'PUT', `/chat/v1/session/${String(id)}/complete`, {}),
		tag: async (id: unknown, value: string) =>
			await call(fixture, 'PUT', `/chat/v2/session/${String(id)}/partial`, { fields: ['Metadata'], metadata: { note: value } }),
	};
}

export const SALES = 'Funil de Vendas';
export const step = (name: string) => demo.stepId(SALES, name);

export function crmUsers(fixture: SandboxFixture) {
	const update = async (id: unknown, body: IDataObject) => await call(fixture, 'PUT', `/crm/v3/panel/card/${String(id)}`, body);
	return {
		create: async (title: string, stepName = 'Leads') =>
			await call(fixture, 'POST', '/crm/v2/panel/card', { stepId: step(stepName), title }),
		rename: async (id: unknown, title: string) => await update(id, { fields: ['Title'], title }),
		move: async (id: unknown, stepName: string) => await update(id, { fields: ['StepId'], stepId: step(stepName) }),
		win: async (id: unknown) => await update(id, { fields: ['Status'], status: 'WON' }),
		lose: async (id: unknown) =>
			await update(id, { fields: ['Status'], status: 'LOST', lostReasonId: demo.lostReasonId(SALES, 'Preço alto') }),
	};
}

/** The list requests the trigger sent to one path, as their query strings. */
export function listQueries(fixture: SandboxFixture, path: string): IDataObject[] {
	return fixture.sandbox.requests
		.filter((request) => request.path === path && request.method === 'GET')
		.map((request) => request.query as IDataObject);
}

/** "event label" of each item of one execution, to compare with what the people did. */
export function eventsOf(items: INodeExecutionData[] | null | undefined, label: (json: IDataObject) => unknown): string[] {
	return (items ?? []).map((item) => `${String(item.json.event)} ${String(label(item.json))}`);
}
