const userFolder = require('./userFolder');
const contractLedger = require('../contract/ledger');

module.exports = async () => {
	await userFolder.remove();
	// last: it fails the run when a request broke the contract
	await contractLedger.teardown();
};
