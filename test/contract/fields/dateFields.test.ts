import { useChatSandbox } from '../../chat/chatFixture';
import { allFields, namesFieldAndItem, probe, title } from './fieldClasses';

/*
 * Every date field of the Helena node: a value that is not a date is refused before anything is written, and the
 * error names the field as the editor labels it ("Last Interaction After", not lastInteractionAfter) and the item.
 */
const dateFields = () => allFields().filter((field) => field.property.type === 'dateTime');

describe('date fields: a value that is not a date is refused, named as the editor labels it', () => {
	const helena = useChatSandbox();

	test('every resource that filters or schedules by time has them', () => {
		expect(new Set(dateFields().map(({ resource }) => resource))).toEqual(
			new Set(['card', 'contact', 'message', 'panel', 'portfolio', 'scheduledMessage', 'sequence', 'session']),
		);
	});

	test.each(dateFields().map((field) => [title(field), field] as const))('%s', async (_title, field) => {
		const { message, writes } = await probe(helena, field, 'last tuesday');
		expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
		expect(message).toContain('"last tuesday"');
	});
});
