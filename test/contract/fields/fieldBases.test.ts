import { allRequests, mariaSession, useChatSandbox } from '../../chat/chatFixture';
import { allFields, baseOf } from './fieldClasses';

/*
 * The harness of the field-class tests checked on its own: every operation's base (fieldClasses.ts) runs on the
 * demo account without an input error, so that a refusal in those tests is the field's, not a missing parameter.
 * Bases that name records on purpose absent (MISSING) end in Helena's "not found". Send and Wait is left out: it waits.
 */
const operations = [...new Set(allFields().map((field) => `${field.resource}.${field.operation}`))].filter(
	(operation) => operation !== 'message.sendAndWait',
);

describe('field-class bases run', () => {
	const helena = useChatSandbox();

	test.each(operations)('%s', async (operation) => {
		const [resource, name] = operation.split('.');
		const { error } = await helena.run(baseOf(resource, name, mariaSession(helena).id));
		if (error) {
			expect(error.message).toMatch(/not found in Helena|No message with ID|still on contacts/);
			expect(allRequests(helena).length).toBeGreaterThan(0);
		}
	});
});
