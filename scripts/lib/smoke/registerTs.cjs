'use strict';

/**
 * Lets plain Node load the node's TypeScript sources (and the engine harness of test/engine) by transpiling each
 * file as it is required, with the repository's own TypeScript and no type check (`npm run build` does that).
 * The smoke run uses it so that it runs the node exactly as the repository has it, without a build step.
 */

const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const compilerOptions = {
	module: ts.ModuleKind.CommonJS,
	target: ts.ScriptTarget.ES2021,
	esModuleInterop: true,
	resolveJsonModule: true,
	sourceMap: false,
};
// Transpiling is most of a run's start (about 2 s of CPU): the output is kept by the source it came from, so a
// second run (the smoke tests start a dozen) reads it. Where the folder cannot be written, each run transpiles.
const cacheDir = path.join(__dirname, '../../../node_modules/.cache/helena-smoke-ts');
const keyOf = (filename, source) =>
	createHash('sha256')
		.update(JSON.stringify([ts.version, compilerOptions, filename, source]))
		.digest('hex');

function transpiled(filename) {
	const source = fs.readFileSync(filename, 'utf8');
	const cached = path.join(cacheDir, `${keyOf(filename, source)}.js`);
	try {
		return fs.readFileSync(cached, 'utf8');
	} catch {
		// not made yet
	}
	const { outputText } = ts.transpileModule(source, { fileName: filename, compilerOptions });
	try {
		fs.mkdirSync(cacheDir, { recursive: true });
		// written aside, then renamed: another run reading at the same time sees the whole file or none
		const aside = `${cached}.${process.pid}`;
		fs.writeFileSync(aside, outputText);
		fs.renameSync(aside, cached);
	} catch {
		// a read-only folder: no cache
	}
	return outputText;
}

if (!require.extensions['.ts']) {
	require.extensions['.ts'] = (module, filename) => module._compile(transpiled(filename), filename);
	// `../Helena.node` must find Helena.node.ts before the codex file Helena.node.json beside it: Node tries the
	// extensions in the order they were registered, so .json and .node go after .ts
	for (const extension of ['.json', '.node']) {
		const load = require.extensions[extension];
		delete require.extensions[extension];
		require.extensions[extension] = load;
	}
}
