'use strict';

/**
 * Lets plain Node load the node's TypeScript sources (and the engine harness of test/engine) by transpiling each
 * file as it is required, with the repository's own TypeScript and no type check (`npm run build` does that).
 * The smoke run uses it so that it runs the node exactly as the repository has it, without a build step.
 */

const fs = require('node:fs');
const ts = require('typescript');

if (!require.extensions['.ts']) {
	require.extensions['.ts'] = (module, filename) => {
		const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
			fileName: filename,
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2021,
				esModuleInterop: true,
				resolveJsonModule: true,
				sourceMap: false,
			},
		});
		module._compile(outputText, filename);
	};
	// `../Helena.node` must find Helena.node.ts before the codex file Helena.node.json beside it: Node tries the
	// extensions in the order they were registered, so .json and .node go after .ts
	for (const extension of ['.json', '.node']) {
		const load = require.extensions[extension];
		delete require.extensions[extension];
		require.extensions[extension] = load;
	}
}
