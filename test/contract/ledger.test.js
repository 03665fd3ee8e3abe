'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { teardown } = require('./ledger');

/** The run's last word: the ledger teardown sums every sandbox's counts and fails on a violation. */
describe('Contract ledger teardown', () => {
	const real = process.env.HELENA_CONTRACT_LEDGER;
	let folder;
	let log;
	beforeEach(() => {
		folder = fs.mkdtempSync(path.join(os.tmpdir(), 'helena-ledger-test-'));
		process.env.HELENA_CONTRACT_LEDGER = folder;
		log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
	});
	afterEach(() => {
		process.env.HELENA_CONTRACT_LEDGER = real;
		log.mockRestore();
		fs.rmSync(folder, { recursive: true, force: true });
	});
	const write = (name, counts) =>
		fs.writeFileSync(path.join(folder, name), JSON.stringify({ refusedOnPurpose: 0, examples: [], ...counts }));

	test('sums the files and prints one line', async () => {
		write('a.json', { validated: 10, violations: 0, refusedOnPurpose: 2 });
		write('b.json', { validated: 5, violations: 0 });
		await teardown();
		expect(log.mock.calls).toEqual([
			['\nContract: 15 requests validated, 0 violations (2 more refused on purpose by the tests that prove the check)'],
			[
				'Contract: 0 answers of the sandbox held to the documented response schemas, 0 conform, 0 distinct disagreement(s) (0 more bent on purpose by tests)',
			],
		]);
	});

	test('fails the run when an answer of the sandbox left the documented schema, naming each distinct disagreement once', async () => {
		const answers = (disagreements) => ({ checked: 3, conforming: 2, bentOnPurpose: 1, disagreements });
		const example = 'GET /chat/v1/chatbot 200 items[0].type: "REACTIVE" is not one of Reactive, Automation';
		write('a.json', {
			validated: 3,
			violations: 0,
			testPath: path.join(process.cwd(), 'test/a.test.ts'),
			answers: answers({ one: example }),
		});
		write('b.json', {
			validated: 3,
			violations: 0,
			testPath: path.join(process.cwd(), 'test/b.test.ts'),
			answers: answers({ one: example }),
		});
		await expect(teardown()).rejects.toThrow(
			`1 distinct disagreement(s) of the sandbox's answers with the documents:\n  test/a.test.ts: ${example}`,
		);
		expect(log.mock.calls[1][0]).toBe(
			'Contract: 6 answers of the sandbox held to the documented response schemas, 4 conform, 1 distinct disagreement(s) (2 more bent on purpose by tests)',
		);
	});

	test('fails the run when any sandbox saw a violation, naming the test file and the key', async () => {
		write('a.json', { validated: 3, violations: 0 });
		write('b.json', {
			validated: 4,
			violations: 1,
			testPath: path.join(process.cwd(), 'test/contact/create.test.ts'),
			examples: ["POST /core/v1/contact: body.phonenumber unknown key 'phonenumber': the contract spells it 'phoneNumber'"],
		});
		await expect(teardown()).rejects.toThrow(
			"1 request(s) broke the Helena contract:\n  test/contact/create.test.ts: POST /core/v1/contact: body.phonenumber unknown key 'phonenumber'",
		);
	});
});
