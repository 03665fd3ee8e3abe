/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts', '**/*.test.js'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	setupFiles: ['<rootDir>/test/engine/environment.js'],
	globalSetup: '<rootDir>/test/engine/globalSetup.js',
	globalTeardown: '<rootDir>/test/engine/globalTeardown.js',
	// A timeout here only catches a hang: speed is measured in bench/, and on a loaded machine (CI beside other jobs)
	// an engine run of many items can take several times as long as on an idle one.
	testTimeout: 120_000,
	// Loading n8n-core starts module-level timers it never clears; our own servers are closed in afterAll.
	forceExit: true,
	testEnvironmentOptions: { globalsCleanup: 'on' },
};
