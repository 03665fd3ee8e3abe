import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { Helena } from '../../../nodes/Helena/Helena.node';
import { allRequests, byId, byNumber, COMERCIAL, MARIA_PHONE, mariaSession, MISSING, scheduleTemplate } from '../../chat/chatFixture';
import type { SandboxFixture } from '../../engine/sandbox';
import { MARIA_CARD, SALES, step } from '../../crm/crmFixture';
import { REACTIVATION } from '../../lists/listsFixture';
import { demo } from '../../sandbox';

/*
 * Shared by the class tests of this folder: every field of the Helena node found in its description (top level,
 * inside collections and fixed collections), with the conditions that show it, and a valid base per operation.
 */

/** One step of the way to a field: a top-level parameter, a collection, or a fixed collection's group. */
export interface Step {
	name: string;
	kind: 'param' | 'collection' | 'fixed';
	group?: string;
	multiple?: boolean;
	label: string;
}

export interface Field {
	resource: string;
	operation: string;
	path: Step[];
	property: INodeProperties;
	label: string;
	/** displayOptions.show besides resource/operation, of the field and of its parents (first value of each). */
	conditions: IDataObject;
	/** Values for fields that are not the point of the test, under the base (see optionFields.test.ts). */
	fillers?: IDataObject;
}

export const title = (field: Field) =>
	`${field.resource} → ${field.operation}: ${field.path.map((s) => (s.group ? `${s.name}.${s.group}` : s.name)).join('.')}`;

export function allFields(): Field[] {
	const found: Field[] = [];
	const walk = (
		properties: INodeProperties[],
		path: Step[],
		show: { resource?: string[]; operation?: string[] } | undefined,
		conditions: IDataObject,
	) => {
		for (const property of properties) {
			const own = (property.displayOptions?.show ?? {}) as Record<string, unknown[]>;
			const shown = own.resource || own.operation ? { ...show, ...(own as object) } : show;
			const extra = { ...conditions };
			for (const [key, values] of Object.entries(own))
				if (key !== 'resource' && key !== 'operation' && Array.isArray(values)) extra[key] = values[0] as string;
			const here = [...path];
			for (const resource of (shown?.resource as string[]) ?? [])
				for (const operation of (shown?.operation as string[]) ?? [])
					found.push({
						resource,
						operation,
						path: [...here, { name: property.name, kind: 'param', label: property.displayName }],
						property,
						label: property.displayName,
						conditions: extra,
					});
			if (property.type === 'collection')
				walk(
					property.options as INodeProperties[],
					[...here, { name: property.name, kind: 'collection', label: property.displayName }],
					shown,
					extra,
				);
			if (property.type === 'fixedCollection')
				for (const group of property.options as Array<{ name: string; values: INodeProperties[] }>)
					walk(
						group.values,
						[
							...here,
							{
								name: property.name,
								kind: 'fixed',
								group: group.name,
								multiple: !!property.typeOptions?.multipleValues,
								label: property.displayName,
							},
						],
						shown,
						extra,
					);
		}
	};
	walk(new Helena().description.properties, [], undefined, {});
	return found.filter((field) => field.path.length > 1 || !['resource', 'operation'].includes(field.property.name));
}

/** The parameters each operation needs to run on the demo account, besides the field under test. */
export function baseOf(resource: string, operation: string, sessionId: string): INodeParameters {
	const BRUNO = demo.userId('Bruno Lima');
	const DIEGO = demo.userId('Diego Alves');
	const SUPORTE = demo.departmentId('Suporte');
	const template = byId(demo.templateId('boas_vindas'));
	const templateParameters = { parameter: [{ name: 'nome', value: 'Maria' }] };
	const bases: Record<string, INodeParameters> = {
		'account.getCustomFields': {},
		'card.addNote': { cardId: byId(MARIA_CARD), text: 'Class check' },
		'card.create': { panel: byId(SALES), step: byId(step('Leads')), title: 'Class check' },
		'card.deleteNote': { cardId: byId(MARIA_CARD), noteId: MISSING },
		'card.duplicate': { cardId: byId(MARIA_CARD) },
		'card.get': { cardId: byId(MARIA_CARD) },
		'card.getAll': { panel: byId(SALES) },
		'card.getNotes': { cardId: byId(MARIA_CARD) },
		'card.update': { cardId: byId(MARIA_CARD), updateFields: { title: 'Class check' } },
		'contact.create': { name: 'Class Check', phoneNumber: '+55|11955550000' },
		'contact.get': { contact: byId(demo.contactId(1)) },
		'contact.getAll': {},
		'contact.getCustomFields': {},
		'contact.search': { textFilter: 'maria' },
		'contact.update': { contact: byId(demo.contactId(1)), updateFields: { annotation: 'Class check' } },
		'contact.updateTags': { contact: byId(demo.contactId(1)), tagsOperation: 'InsertIfNotExists', tagNames: 'VIP' },
		'contact.upsertMany': { dataMode: 'defineBelow', name: 'Class Check', phoneNumber: '+55|11955550000' },
		'department.create': { name: 'Class Check' },
		'department.delete': { department: byId(demo.departmentId('Financeiro')) },
		'department.get': { department: byId(SUPORTE) },
		'department.getChannels': { department: byId(SUPORTE) },
		'department.update': { department: byId(SUPORTE), updateFields: { name: 'Suporte 2' } },
		'department.updateAgents': {
			department: byId(SUPORTE),
			agentsAction: 'Upsert',
			agents: { agent: [{ userId: byId(DIEGO), isAgent: true, isSupervisor: false }] },
		},
		'message.delete': { messageId: MISSING },
		'message.downloadMedia': { messageId: MISSING },
		'message.get': { messageId: MISSING },
		'message.getAll': { sessionId },
		'message.getStatus': { messageId: MISSING },
		'message.sendAndWait': {
			sendTo: 'phone',
			phoneNumber: MARIA_PHONE,
			channel: byNumber(COMERCIAL.number),
			message: 'Class check?',
			formFields: { values: [{ fieldLabel: 'Name', fieldType: 'text', requiredField: true }] },
		},
		'message.sendMedia': {
			sendTo: 'session',
			sessionId,
			phoneNumber: MARIA_PHONE,
			mediaType: 'document',
			fileSource: 'url',
			fileUrl: 'https://example.com/a.pdf',
		},
		'message.sendOtp': { channel: byNumber(COMERCIAL.number), phoneNumber: MARIA_PHONE },
		'message.sendTemplate': { channel: byNumber(COMERCIAL.number), phoneNumber: MARIA_PHONE, template, templateParameters },
		'message.sendTemplateToMany': { channel: byNumber(COMERCIAL.number), phoneNumber: MARIA_PHONE, template, templateParameters },
		'message.sendText': { sendTo: 'session', sessionId, phoneNumber: MARIA_PHONE, text: 'Class check' },
		'message.sendTyping': { sessionId },
		'message.startChatbot': { chatbot: byId(demo.chatbotKey('Triagem')), sendTo: 'session', sessionId, phoneNumber: MARIA_PHONE },
		'message.startChatbotForMany': { chatbot: byId(demo.chatbotKey('Triagem')), sendTo: 'session', sessionId, phoneNumber: MARIA_PHONE },
		'panel.get': { panel: byId(SALES) },
		'panel.getAll': {},
		'panel.getCustomFields': { panel: byId(SALES) },
		'panel.getLostReasons': { panel: byId(SALES) },
		'portfolio.addContact': { portfolio: byId(demo.portfolioId('Carteira Sul')), contact: byId(demo.contactId(2)) },
		'portfolio.addContacts': { portfolio: byId(demo.portfolioId('Carteira Sul')), contactIds: demo.contactId(2) },
		'portfolio.getAll': {},
		'portfolio.getContacts': { portfolio: byId(demo.portfolioId('Carteira Sul')) },
		'portfolio.removeContact': { portfolio: byId(demo.portfolioId('Carteira Sul')), contact: byId(demo.contactId(2)) },
		'portfolio.removeContacts': { portfolio: byId(demo.portfolioId('Carteira Sul')), contactIds: demo.contactId(2) },
		'scheduledMessage.cancel': { scheduledMessageId: demo.scheduledMessageId },
		'scheduledMessage.cancelMany': { scheduledMessageIds: demo.scheduledMessageId },
		'scheduledMessage.create': scheduleTemplate({ channel: byNumber(COMERCIAL.number) }),
		'scheduledMessage.get': { scheduledMessageId: demo.scheduledMessageId },
		'scheduledMessage.getAll': {},
		'scheduledMessage.update': { scheduledMessageId: demo.scheduledMessageId, updateFields: { hiddenSession: true } },
		'sequence.addContact': { sequence: byId(REACTIVATION), contact: byId(demo.contactId(2)) },
		'sequence.addContacts': { sequence: byId(REACTIVATION), contactIds: demo.contactId(2) },
		'sequence.getAll': {},
		'sequence.getContacts': { sequence: byId(REACTIVATION) },
		'sequence.removeContact': { sequence: byId(REACTIVATION), contact: byId(demo.contactId(2)) },
		'sequence.removeContacts': { sequence: byId(REACTIVATION), contactIds: demo.contactId(2) },
		'session.addNote': { sessionId, text: 'Class check' },
		'session.assign': { sessionId, user: byId(BRUNO) },
		// after a Wait node (no sleep first); the message is not in the conversation, so it ends in "not found"
		'session.collectBurst': { sessionId, messageId: MISSING, quietTime: 1, options: { waitedBefore: 1 } },
		'session.complete': { sessionId },
		'session.deleteNote': { noteId: MISSING },
		'session.get': { sessionId },
		'session.getAll': {},
		'session.getMessages': { sessionId },
		'session.getNote': { noteId: MISSING },
		'session.getNotes': { sessionId },
		'session.sendMessage': { sessionId, content: 'text', text: 'Class check', template, templateParameters },
		'session.setStatus': { sessionId, status: 'PENDING' },
		'session.transfer': { sessionId, transferUser: byId(BRUNO) },
		'session.update': { sessionId, updateFields: { outcome: 'WON', outcomeDescription: 'Class check' } },
		'tag.create': { name: 'Class Check' },
		'tag.delete': { tag: byId(demo.tagId('Lead')) },
		'tag.getAll': {},
		'tag.update': { tag: byId(demo.tagId('Lead')), updateFields: { name: 'Lead 2' } },
		'user.create': { name: 'Class Check', email: 'class.check@example.com', profile: 'Agent' },
		'user.delete': { user: byId(DIEGO), openConversations: 'COMPLETE' },
		'user.get': { user: byId(DIEGO) },
		'user.getAll': {},
		'user.logOut': { user: byId(DIEGO) },
		'user.setDepartments': {
			user: byId(DIEGO),
			departmentsAction: 'Upsert',
			departments: { department: [{ departmentId: byId(SUPORTE), isAgent: true, isSupervisor: false }] },
		},
		'user.setStatus': { user: byId(DIEGO), status: 'Active' },
		'user.update': { user: byId(DIEGO), updateFields: { name: 'Diego A.' } },
		'webhook.create': { name: 'Class check', url: 'https://example.com/hook', events: ['SESSION_NEW'] },
		'webhook.delete': { subscription: byId(MISSING) },
		'webhook.get': { subscription: byId(MISSING) },
		'webhook.getAll': {},
		'webhook.getEvents': {},
		'webhook.update': { subscription: byId(MISSING), updateFields: { name: 'Class check 2' } },
	};
	const base = bases[`${resource}.${operation}`];
	if (!base) throw new Error(`no base for ${resource}.${operation}`);
	return { returnAll: true, ...base, resource, operation };
}

/** The base with the field's showing conditions and the value put where the editor stores it. */
export function withValue(base: INodeParameters, field: Field, value: unknown): INodeParameters {
	const parameters: IDataObject = { ...field.fillers, ...base, ...field.conditions };
	const set = (target: IDataObject, steps: Step[]): IDataObject => {
		const [first, ...rest] = steps;
		if (rest.length === 0) return { ...target, [first.name]: value as IDataObject[string] };
		const current = (target[first.name] as IDataObject) ?? {};
		if (first.kind === 'collection') return { ...target, [first.name]: set(current, rest) };
		const group = current[first.group!];
		if (first.multiple) {
			const entries = (Array.isArray(group) ? group : []) as IDataObject[];
			return { ...target, [first.name]: { ...current, [first.group!]: [set(entries[0] ?? {}, rest), ...entries.slice(1)] } };
		}
		return { ...target, [first.name]: { ...current, [first.group!]: set((group as IDataObject) ?? {}, rest) } };
	};
	return set(parameters, field.path) as INodeParameters;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The message must name the field as the editor labels it and the item: its displayName, possibly after the
 * label of the collection it is in ("Channels: Scope"); for a row of a fixed collection, the collection's label
 * is accepted too ("Custom Fields has ...").
 */
export const namesFieldAndItem = (field: Field, item = 0) => {
	const parents = field.path.slice(0, -1);
	const fixed = parents.filter((step) => step.kind === 'fixed').map((step) => escape(step.label));
	const prefixes = parents.map((step) => `${escape(step.label)}: `);
	const names = [`(?:${prefixes.join('|') || 'x^'})?${escape(field.label)}`, ...fixed];
	return new RegExp(`^(?:${names.join('|')}) .*\\(item ${item}\\)$`, 's');
};

/** Runs the operation with the value in the field: the error message, and the requests that were not GETs. */
export async function probe(helena: SandboxFixture, field: Field, value: unknown, items?: IDataObject[]) {
	const parameters = withValue(baseOf(field.resource, field.operation, mariaSession(helena).id), field, value);
	const { error } = await helena.run(parameters, items ? { items } : {});
	return {
		message: error?.message ?? '(no error)',
		writes: allRequests(helena)
			.filter((request) => request.method !== 'GET')
			.map((request) => `${request.method} ${request.path} ${JSON.stringify(request.body ?? '').slice(0, 300)}`),
	};
}
