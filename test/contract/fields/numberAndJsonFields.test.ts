import { useChatSandbox } from '../../chat/chatFixture';
import type { Field } from './fieldClasses';
import { allFields, namesFieldAndItem, probe, title } from './fieldClasses';

/*
 * Every number field and every JSON field of the Helena node: text that is not a number, a negative number
 * where none makes sense, a fraction where only whole numbers do, and text that is not JSON, each given by an
 * expression from the input item, is refused before anything is written, naming the field and the item.
 */
const ofType = (type: string) => allFields().filter((field) => field.property.type === type);

/**
 * Fields where a fraction is meaningful (money, 1.5 days, a card's position, which Helena's reference types as a
 * double so that a card can go between two); every other number field counts things.
 */
const FRACTION_OK = new Set(['monetaryAmount', 'amount', 'resumeAmount', 'position']);
/** Money, which Helena's reference gives no minimum (a refund, a loss). */
const NEGATIVE_OK = new Set(['monetaryAmount', 'amount']);

const numberCases = () =>
	ofType('number').flatMap((field) => [
		[`${title(field)} = "twelve"`, field, 'twelve'] as [string, Field, unknown],
		...(NEGATIVE_OK.has(field.property.name) ? [] : [[`${title(field)} = -1`, field, -1] as [string, Field, unknown]]),
		...(FRACTION_OK.has(field.property.name) ? [] : [[`${title(field)} = 1.5`, field, 1.5] as [string, Field, unknown]]),
		...(field.property.typeOptions?.maxValue === undefined
			? []
			: [[`${title(field)} = max + 1`, field, Number(field.property.typeOptions.maxValue) + 1] as [string, Field, unknown]]),
	]);

describe('number fields: not a number, negative, or a fraction where it makes no sense', () => {
	const helena = useChatSandbox();

	test.each(numberCases())('%s', async (_title, field, value) => {
		const { message, writes } = await probe(helena, field, '={{ $json.v }}', [{ v: value as number | string }]);
		expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
	});

	test.each(numberCases().filter(([, , value]) => value !== 'twelve'))('typed in: %s', async (_title, field, value) => {
		const { message, writes } = await probe(helena, field, value);
		expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
	});
});

describe('JSON fields: text that is not JSON, or JSON that is not an object', () => {
	const helena = useChatSandbox();

	test.each(
		ofType('json').flatMap((field) => [
			[`${title(field)} = {not json`, field, '{not json'] as [string, Field, string],
			[`${title(field)} = [1,2]`, field, '[1,2]'] as [string, Field, string],
			[`${title(field)} = "text"`, field, '"text"'] as [string, Field, string],
		]),
	)('%s', async (_title, field, value) => {
		const { message, writes } = await probe(helena, field, value);
		expect({ message, writes }).toEqual({ message: expect.stringMatching(namesFieldAndItem(field)), writes: [] });
	});
});
