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
	testTimeout: 30_000,
	// Loading n8n-core starts module-level timers it never clears; our own servers are closed in afterAll.
	forceExit: true,
	testEnvironmentOptions: { globalsCleanup: 'on' },
};
