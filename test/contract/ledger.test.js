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
		]);
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
