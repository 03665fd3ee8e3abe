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

	// ISO 8601 and RFC 3339 allow offset minutes 00 to 59; no timezone is more than 14 hours from UTC
	const badOffsets = ['+05:60', '+24:00', '-12:99'];
	test.each(dateFields().flatMap((field) => badOffsets.map((offset) => [`${title(field)}, offset ${offset}`, field, offset] as const)))(
		'%s',
		async (_title, field, offset) => {
			const value = `2026-03-07T14:30:00${offset}`;
			const { message, writes } = await probe(helena, field, value);
			expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
			expect(message).toContain(`its offset ${offset} is not one a date and time can carry (from -14:00 to +14:00, minutes 00 to 59)`);
		},
	);
});
