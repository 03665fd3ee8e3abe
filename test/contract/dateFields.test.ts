import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { Helena } from '../../nodes/Helena/Helena.node';
import { allRequests, byId, byNumber, COMERCIAL, MARIA_PHONE, mariaSession, scheduleTemplate, useChatSandbox } from '../chat/chatFixture';
import { MARIA_CARD, SALES, step } from '../crm/crmFixture';
import { REACTIVATION } from '../lists/listsFixture';
import { demo } from '../sandbox';

/*
 * Every date field of the Helena node, found in its description rather than listed by hand: a value that is not
 * a date is refused before anything is written, and the error names the field as the editor shows it.
 */

interface DateField {
	resource: string;
	operation: string;
	/** Where the value goes: a top-level parameter, or `collection.field`. */
	path: string[];
	label: string;
}

function dateFields(): DateField[] {
	const found: DateField[] = [];
	const walk = (properties: INodeProperties[], path: string[], show?: { resource?: unknown; operation?: unknown }) => {
		for (const property of properties) {
			const shown = (property.displayOptions?.show as typeof show) ?? show;
			if (property.type === 'dateTime')
				for (const resource of (shown?.resource as string[]) ?? [])
					for (const operation of (shown?.operation as string[]) ?? [])
						found.push({ resource, operation, path: [...path, property.name], label: property.displayName });
			if (property.type === 'collection') walk(property.options as INodeProperties[], [...path, property.name], shown);
		}
	};
	walk(new Helena().description.properties, []);
	return found;
}

/** The parameters each operation needs besides the date (the demo account's records). */
function baseOf(resource: string, operation: string, sessionId: string): INodeParameters {
	const bases: Record<string, INodeParameters> = {
		'card.create': { panel: byId(SALES), step: byId(step('Leads')), title: 'Date check' },
		'card.getAll': { panel: byId(SALES) },
		'card.update': { cardId: MARIA_CARD },
		'message.getAll': { sessionId },
		'message.sendAndWait': { sendTo: 'phone', phoneNumber: MARIA_PHONE, message: 'Date check?', limitType: 'atSpecifiedTime' },
		'portfolio.getContacts': { portfolio: byId(demo.portfolioId('Carteira Sul')) },
		'scheduledMessage.create': scheduleTemplate({ channel: byNumber(COMERCIAL.number) }),
		'scheduledMessage.update': { scheduledMessageId: demo.scheduledMessageId },
		'sequence.getContacts': { sequence: byId(REACTIVATION) },
		'session.getMessages': { sessionId },
		'session.getNotes': { sessionId },
	};
	return { returnAll: true, ...bases[`${resource}.${operation}`], resource, operation };
}

function withValue(parameters: INodeParameters, [first, second]: string[], value: string): INodeParameters {
	if (!second) return { ...parameters, [first]: value };
	return { ...parameters, [first]: { ...((parameters[first] as INodeParameters) ?? {}), [second]: value } };
}

describe('Every date field: a value that is not a date is refused, named as the editor labels it', () => {
	const helena = useChatSandbox();
	const fields = dateFields();

	test('the node has date fields in every resource that filters or schedules by time', () => {
		expect(new Set(fields.map(({ resource }) => resource))).toEqual(
			new Set(['card', 'contact', 'message', 'panel', 'portfolio', 'scheduledMessage', 'sequence', 'session']),
		);
		expect(fields.length).toBeGreaterThanOrEqual(59);
	});

	test.each(dateFields().map((field) => [`${field.resource} → ${field.operation}: ${field.path.join('.')}`, field] as const))(
		'%s',
		async (_title, { resource, operation, path, label }) => {
			const parameters = withValue(baseOf(resource, operation, mariaSession(helena).id), path, 'last tuesday');
			const { error } = await helena.run(parameters);

			expect(error?.message).toMatch(new RegExp(`^${label} is not .*"last tuesday".* \\(item 0\\)$`));
			expect(allRequests(helena).filter((request) => request.method !== 'GET')).toEqual([]);
		},
	);
});
