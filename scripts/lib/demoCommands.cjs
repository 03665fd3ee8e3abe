// The shell commands `npm start` prints (and the README shows) for trying the examples against the sandbox. Kept
// here, in one place, so that the end-to-end suite runs exactly the text users are told to run
// (test/e2e/suites/2-examples.mjs), and test/scripts/demoCommands.test.js holds the README to the same text.

/** Where `npm start` and `npm run sandbox` serve the sandbox unless HELENA_SANDBOX_PORT says otherwise. */
const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:5681';

/** Fires a new conversation (SESSION_NEW) at the sandbox: "tag the contact of each new conversation" reacts to it. */
function newConversationCommand(sandboxUrl = DEFAULT_SANDBOX_URL) {
	return `curl -X POST ${sandboxUrl}/__sandbox/events -H 'content-type: application/json' -d '{"eventType":"SESSION_NEW"}'`;
}

/** Shows the sandbox's state: the subscriptions (one per active Helena Trigger), contacts, departments... */
function sandboxStateCommand(sandboxUrl = DEFAULT_SANDBOX_URL) {
	return `curl ${sandboxUrl}/__sandbox/state`;
}

/** Every demo command, in the order a newcomer runs them. */
const demoCommands = (sandboxUrl = DEFAULT_SANDBOX_URL) => [newConversationCommand(sandboxUrl), sandboxStateCommand(sandboxUrl)];

module.exports = { DEFAULT_SANDBOX_URL, newConversationCommand, sandboxStateCommand, demoCommands };
