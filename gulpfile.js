const { src, dest } = require('gulp');

// tsc compiles the TypeScript; n8n also needs the icons and codex files next to the compiled nodes.
function copyIcons() {
	return src(['nodes/**/*.svg', 'nodes/**/*.node.json', 'credentials/**/*.svg'], { base: '.', encoding: false }).pipe(dest('dist'));
}

exports['build:icons'] = copyIcons;
