import { useChatSandbox } from '../../chat/chatFixture';
import type { Field } from './fieldClasses';
import { allFields, namesFieldAndItem, probe, title } from './fieldClasses';

/*
 * Every resource locator of the Helena node, in its `id` mode: an ID that is empty (where the field is
 * required), ".", "..", not a UUID, or a UUID with a path after it, is refused before anything is written,
 * and the error names the field as the editor labels it and the item. The ID comes from the input item
 * (`={{ $json.id }}`), as from an earlier node: typed in, n8n itself stops the run on the mode's pattern.
 */
const UUID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const HOSTILE = ['', '.', '..', 'abc', '../x', `${UUID}/x`];

const locators = () =>
	allFields().filter(
		(field) =>
			field.property.type === 'resourceLocator' &&
			((field.property as { modes?: Array<{ name: string }> }).modes ?? []).some((mode) => mode.name === 'id'),
	);
const cases = (mode: string) =>
	locators().flatMap((field) =>
		HOSTILE.filter((value) => value !== '' || field.property.required).map(
			(value) => [`${title(field)} = ${JSON.stringify(value)}`, field, value, mode] as [string, Field, string, string],
		),
	);

describe('resource locators by ID: a hostile ID is refused, named as the editor labels it', () => {
	const helena = useChatSandbox();

	test('locators found', () => expect(locators().length).toBeGreaterThan(80));

	test.each([...cases('id'), ...cases('list')])('%s (mode %4$s)', async (_title, field, value, mode) => {
		const { message, writes } = await probe(helena, field, { __rl: true, mode, value: '={{ $json.id }}' }, [{ id: value }]);
		expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
	});
});
