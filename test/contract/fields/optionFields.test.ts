import type { INodePropertyOptions } from 'n8n-workflow';

import { byId, MISSING, useChatSandbox } from '../../chat/chatFixture';
import { demo } from '../../sandbox';
import type { Field } from './fieldClasses';
import { allFields, namesFieldAndItem, probe, title } from './fieldClasses';

/*
 * Every options and multiOptions field of the Helena node, top level and inside (fixed) collections: a value
 * that is not in its list (as an expression gives it) is refused before anything is written, never defaulted,
 * and the error names the field as the editor labels it and the item.
 */
const BOGUS = 'not_in_the_list';
const FILLERS = {
	sessionId: MISSING,
	fileUrl: 'https://example.com/a.pdf',
	fileId: MISSING,
	transferTo: byId(demo.userId('Bruno Lima')),
	chatbot: byId(demo.chatbotKey('Triagem')),
	template: byId(demo.templateId('boas_vindas')),
};
const withFillers = (field: Field): Field => ({ ...field, fillers: FILLERS });
/** Order By lists the contact fields it knows, but Helena sorts by any field name: those are checked as names (below). */
const OPEN_LISTS = new Set(['orderBy']);
const fixed = (type: string) =>
	allFields().filter(
		(field) => field.property.type === type && !field.property.typeOptions?.loadOptionsMethod && !OPEN_LISTS.has(field.property.name),
	);
const open = () => allFields().filter((field) => OPEN_LISTS.has(field.property.name));
const loaded = () =>
	allFields().filter(
		(field) => ['options', 'multiOptions'].includes(field.property.type) && !!field.property.typeOptions?.loadOptionsMethod,
	);

describe('options fields: a value not in the list is refused, named as the editor labels it', () => {
	const helena = useChatSandbox();

	test('fields found', () => {
		expect(fixed('options').length).toBeGreaterThan(50);
		expect(fixed('multiOptions').length).toBeGreaterThan(15);
	});

	test.each(fixed('options').map((field) => [title(field), field] as const))('options %s', async (_title, field) => {
		const { message, writes } = await probe(helena, field, BOGUS);
		expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
		expect(message).toContain(BOGUS);
	});

	test.each(open().map((field) => [title(field), field] as const))(
		'open list %s: a field name not listed goes to Helena, text that is no name is refused',
		async (_title, field) => {
			const listed = await probe(helena, field, '={{ $json.v }}', [{ v: 'nameWhatsapp' }]);
			expect(listed.message).not.toMatch(namesFieldAndItem(field));
			helena.sandbox.clearRequests();
			const { message, writes } = await probe(helena, field, '={{ $json.v }}', [{ v: 'name; drop' }]);
			expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
		},
	);

	test.each(fixed('multiOptions').map((field) => [title(field), field] as const))(
		'multiOptions %s: one unknown entry beside a valid one',
		async (_title, field) => {
			const valid = (field.property.options as INodePropertyOptions[])[0].value;
			const { message, writes } = await probe(helena, field, [valid, BOGUS]);
			expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
			expect(message).toContain(BOGUS);
		},
	);

	test.each(loaded().map((field) => [title(field), field] as const))(
		'options loaded from Helena %s: an unknown value',
		async (_title, field) => {
			const value = field.property.type === 'multiOptions' ? [BOGUS] : BOGUS;
			const { message, writes } = await probe(helena, field, value);
			expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
		},
	);

	test.each(fixed('options').map((field) => [title(field), field] as const))(
		'options from an expression, second item unknown: %s',
		async (_title, field) => {
			const valid = field.property.default === 'choose' ? 'COMPLETE' : (field.property.default as string);
			// with an option from an expression, n8n takes every field it controls as shown: those required get a value
			const { message, writes } = await probe(helena, withFillers(field), '={{ $json.v }}', [{ v: valid }, { v: BOGUS }]);
			expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field, 1)), writes: [] });
		},
	);
});
