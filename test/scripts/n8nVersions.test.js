'use strict';

const versions = require('../../scripts/lib/n8nVersions.cjs');

describe('the n8n `npm start` runs', () => {
	test('2.x by default; `--n8n 1` the newest 1.x, `--n8n 2` the newest 2.x, or a version; HELENA_N8N_VERSION when no flag is given', () => {
		expect(versions.START).toBe(versions.NEWEST_2X);
		expect(versions.startVersion([], {})).toBe(versions.NEWEST_2X);
		expect(versions.startVersion(['--n8n', '1'], {})).toBe(versions.DEFAULT);
		expect(versions.startVersion(['--n8n=2'], { HELENA_N8N_VERSION: '1.85.3' })).toBe(versions.NEWEST_2X);
		expect(versions.startVersion(['--n8n', '1.85.3'], {})).toBe('1.85.3');
		expect(versions.startVersion([], { HELENA_N8N_VERSION: '1.85.3' })).toBe('1.85.3');
	});

	test('anything else is refused with what to give', () => {
		expect(() => versions.startVersion(['--n8n', 'latest'], {})).toThrow(
			/--n8n latest: give 1 \(n8n 1\.123\.81\), 2 \(n8n 2\.41\.1\) or a version/,
		);
		expect(() => versions.startVersion(['--n8n'], {})).toThrow(/give 1/);
	});
});
