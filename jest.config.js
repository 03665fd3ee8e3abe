/** @type {import('jest').Config} */
module.exports = {
	// jest's node environment that also clears, when a test file ends, the timers it left running (see the file)
	testEnvironment: '<rootDir>/test/engine/testEnvironment.js',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts', '**/*.test.js'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		// tsconfig.json's isolatedModules makes ts-jest transpile each file alone, with no type check: `npm run lint`
		// type-checks nodes/, credentials/, test/ and bench/ once (tsc --noEmit), and refuses what would not transpile alone.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	setupFiles: ['<rootDir>/test/engine/environment.js'],
	// jest's default is one worker fewer than the cores, i.e. one on 2 cores; the main process only gathers results.
	maxWorkers: '100%',
	globalSetup: '<rootDir>/test/engine/globalSetup.js',
	globalTeardown: '<rootDir>/test/engine/globalTeardown.js',
	// A timeout here only catches a hang: speed is measured in bench/, and on a loaded machine (CI beside other jobs)
	// an engine run of many items can take several times as long as on an idle one.
	testTimeout: 120_000,
	// Loading n8n-core starts module-level timers it never clears; our own servers are closed in afterAll.
	forceExit: true,
	testEnvironmentOptions: { globalsCleanup: 'on' },
};
