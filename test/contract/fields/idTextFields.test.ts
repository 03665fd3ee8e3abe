import { useChatSandbox } from '../../chat/chatFixture';
import type { Field } from './fieldClasses';
import { allFields, namesFieldAndItem, probe, title } from './fieldClasses';

/*
 * Every text field of the Helena node that holds an ID or a list of IDs (its label says "ID" or "IDs"): an ID
 * that is empty (where required), ".", "..", not a UUID, or a UUID with a path after it, and a list with such an
 * entry, is refused before anything is written, naming the field as the editor labels it and the item.
 */
const UUID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const SINGLE = ['', '.', '..', 'abc', '../x', `${UUID}/x`];
const LIST = [`${UUID}, abc`, `${UUID}, ..`, `${UUID}/x`, `${UUID}, ../x`];

const idFields = () =>
	allFields().filter(
		(field) =>
			field.property.type === 'string' && /\bIDs?$/.test(field.label) && !['OTP ID or Your Reference', 'Template ID'].includes(field.label), // text in Helena's reference
	);

const cases = () =>
	idFields().flatMap((field) =>
		(field.label.endsWith('IDs') ? LIST : SINGLE)
			.filter((value) => value !== '' || field.property.required)
			.map((value) => [`${title(field)} = ${JSON.stringify(value)}`, field, value] as [string, Field, string]),
	);

describe('ID text fields: a hostile ID is refused, named as the editor labels it', () => {
	const helena = useChatSandbox();

	test('ID fields found', () => expect(idFields().length).toBeGreaterThan(50));

	test.each(cases())('%s', async (_title, field, value) => {
		const { message, writes } = await probe(helena, field, '={{ $json.v }}', [{ v: value }]);
		expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
	});
});
